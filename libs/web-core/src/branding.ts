/**
 * `@coffer/web-core/branding`: an account's custom colours as the page shows them, and putting them on the page
 * (CSS variables on the document). Plain functions, not a shared singleton: each app bundles it only if it brands.
 */
export { applyBrandColors, brandColors } from './branding/brand-colors';

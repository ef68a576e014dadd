// The remote's own stylesheet comes with its pages: loaded by the shell with this module.
import '../styles.css';
import { lazy, type ComponentType } from 'react';
import { remoteRoot, type MarketingPage, type RemoteRoutesModule } from '@coffer/web-core';

const inMarketingRoot = remoteRoot('coffer_marketing', process.env.COFFER_RELEASE ?? 'dev');

/**
 * A page whose code is fetched when it is first shown, so a visitor of the
 * landing page does not download the legal texts or the contact form.
 * (It suspends inside the shell's loading state for the remote's page.)
 */
function pageChunk(load: () => Promise<ComponentType>): ComponentType {
  const Page = lazy(async () => ({ default: await load() }));
  return inMarketingRoot(function LazyPage() {
    return <Page />;
  });
}

/** The pages of the public site; the shell decides their URLs. */
export const pages: RemoteRoutesModule<MarketingPage>['pages'] = {
  landing: pageChunk(() => import('../pages/landing-page').then((m) => m.LandingPage)),
  whyCoffer: pageChunk(() => import('../pages/why-coffer-page').then((m) => m.WhyCofferPage)),
  pricing: pageChunk(() => import('../pages/pricing-page').then((m) => m.PricingPage)),
  contactSales: pageChunk(() => import('../pages/contact-sales-page').then((m) => m.ContactSalesPage)),
  terms: pageChunk(() => import('../pages/terms-page').then((m) => m.TermsPage)),
  privacy: pageChunk(() => import('../pages/privacy-page').then((m) => m.PrivacyPage)),
};

import { contrast, READABLE_CONTRAST, type Branding } from '@coffer/contracts';

/**
 * The account's colours as the page uses them: the primary colour, and text on
 * it in the secondary colour when that stays readable (4.5:1), else black or white
 * (branding saved before unreadable pairs were refused).
 */
export function brandColors(primary: string, secondary: string): { primary: string; onPrimary: string } {
  if (contrast(primary, secondary) >= READABLE_CONTRAST) return { primary, onPrimary: secondary };
  return { primary, onPrimary: contrast(primary, '#ffffff') >= contrast(primary, '#000000') ? '#ffffff' : '#000000' };
}

/**
 * Puts an account's custom colours on the whole page (dialogs included) as the design system's brand variables
 * (--primary follows --brand-primary, and text on the primary stays readable); answers how to take them off again.
 * For a React effect: `useEffect(() => applyBrandColors(branding), [branding])`.
 */
export function applyBrandColors(branding: Branding | undefined): (() => void) | undefined {
  if (!branding?.custom) return undefined;
  const { primary, onPrimary } = brandColors(branding.primaryColor, branding.secondaryColor);
  const root = document.documentElement.style;
  const set = { '--brand-primary': primary, '--brand-secondary': branding.secondaryColor, '--primary-foreground': onPrimary };
  for (const [name, value] of Object.entries(set)) root.setProperty(name, value);
  return () => {
    for (const name of Object.keys(set)) root.removeProperty(name);
  };
}

import { useEffect } from 'react';
import { useGetBrandingQuery } from '@coffer/web-core/store';
import { brandColors } from '@coffer/web-core/format';

/** Applies the account's custom branding colours to the whole page (dialogs included) while the dashboard is open. */
export function useAccountBranding() {
  const { data: branding } = useGetBrandingQuery();
  useEffect(() => {
    if (!branding?.custom) return;
    const { primary, onPrimary } = brandColors(branding.primaryColor, branding.secondaryColor);
    const root = document.documentElement.style;
    // The design system's brand variables (--primary follows --brand-primary), and text on the primary that stays readable.
    const set = { '--brand-primary': primary, '--brand-secondary': branding.secondaryColor, '--primary-foreground': onPrimary };
    for (const [name, value] of Object.entries(set)) root.setProperty(name, value);
    return () => {
      for (const name of Object.keys(set)) root.removeProperty(name);
    };
  }, [branding]);
  return branding?.custom ? branding : undefined;
}

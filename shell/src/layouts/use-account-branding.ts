import { useEffect } from 'react';
import { useGetBrandingQuery } from '@coffer/web-core/store';
import { brandColors } from './brand-colors';

/** Applies the account's custom branding colours to the whole page (dialogs included) while the dashboard is open. */
export function useAccountBranding() {
  const { data: branding } = useGetBrandingQuery();
  useEffect(() => {
    if (!branding?.custom) return;
    const { primary, onPrimary } = brandColors(branding.primaryColor, branding.secondaryColor);
    const root = document.documentElement.style;
    root.setProperty('--primary', primary);
    root.setProperty('--primary-foreground', onPrimary);
    return () => {
      root.removeProperty('--primary');
      root.removeProperty('--primary-foreground');
    };
  }, [branding]);
  return branding?.custom ? branding : undefined;
}

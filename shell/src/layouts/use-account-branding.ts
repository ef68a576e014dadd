import { useEffect } from 'react';
import { useGetBrandingQuery } from '@coffer/web-core/store';
import { applyBrandColors } from '@coffer/web-core/branding';

/** Applies the account's custom branding colours to the whole page (dialogs included) while the dashboard is open. */
export function useAccountBranding() {
  const { data: branding } = useGetBrandingQuery();
  useEffect(() => applyBrandColors(branding), [branding]);
  return branding?.custom ? branding : undefined;
}

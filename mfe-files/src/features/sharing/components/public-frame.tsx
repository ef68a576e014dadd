import { useEffect, type ReactNode } from 'react';
import { BrandMark } from '@coffer/ui';
import { applyBrandColors } from '@coffer/web-core/branding';
import type { Branding } from '@coffer/contracts';

/** The company's name when it has branding, else nothing (the page says Coffer). */
export const companyOf = (branding: Branding | undefined) => (branding?.custom ? branding.companyName : '');

/**
 * A public page (a link's, a file request's: no sign-in) in the sharer's branding: their logo, colours and
 * company name in the header, one card in the middle (wide for a folder's list), and "Shared securely with Coffer" below.
 */
export function PublicFrame({ branding, wide = false, children }: { branding: Branding | undefined; wide?: boolean; children: ReactNode }) {
  // The sharer's colours on the whole page while it is open.
  useEffect(() => applyBrandColors(branding), [branding]);
  const company = companyOf(branding);
  return (
    <div className="flex min-h-svh flex-col bg-muted/30">
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex h-16 max-w-3xl items-center gap-2 px-4 text-lg font-bold tracking-tight">
          <BrandMark logoUrl={branding?.custom ? branding.logoUrl || undefined : undefined} />
          <span className="truncate">{company || 'Coffer'}</span>
        </div>
      </header>
      <main id="main" className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center px-4 py-10">
        <div className={`flex w-full ${wide ? 'max-w-2xl' : 'max-w-md'} flex-col gap-5 rounded-xl border border-border bg-background p-6 shadow-sm`}>
          {children}
        </div>
      </main>
      <footer className="py-6 text-center text-xs text-muted-foreground">Shared securely with Coffer</footer>
    </div>
  );
}

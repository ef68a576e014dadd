import type { ReactNode } from 'react';
import { cn } from '@coffer/ui';

interface PageHeroProps {
  title: string;
  /** A short line above the title. */
  eyebrow?: ReactNode;
  lead?: ReactNode;
  /** The call-to-action buttons. */
  children?: ReactNode;
  className?: string;
}

/** The title block at the top of a marketing page. */
export function PageHero({ title, eyebrow, lead, children, className }: PageHeroProps) {
  return (
    <section className={cn('mx-auto max-w-3xl px-4 pt-16 pb-12 text-center sm:px-6 sm:pt-24 sm:pb-16', className)}>
      {eyebrow && (
        <p className="mb-6 inline-flex items-center gap-2 rounded-full border border-border bg-background px-3 py-1 text-sm font-medium text-muted-foreground shadow-xs">
          {eyebrow}
        </p>
      )}
      <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">{title}</h1>
      {lead && <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-muted-foreground sm:text-xl">{lead}</p>}
      {children && <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>}
    </section>
  );
}

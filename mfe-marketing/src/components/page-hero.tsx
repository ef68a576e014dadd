import type { ReactNode } from 'react';

interface PageHeroProps {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}

/** The title block at the top of a marketing page. */
export function PageHero({ title, lead, children }: PageHeroProps) {
  return (
    <section className="mx-auto max-w-3xl px-4 pt-16 pb-10 text-center sm:px-6 sm:pt-24">
      <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
      {lead && <p className="mt-4 text-lg text-pretty text-muted-foreground">{lead}</p>}
      {children && <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>}
    </section>
  );
}

import type { ReactNode } from 'react';

interface SectionHeadingProps {
  id?: string;
  title: string;
  lead?: ReactNode;
}

/** The centred h2 and lead of a section of a marketing page. */
export function SectionHeading({ id, title, lead }: SectionHeadingProps) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-balance">
        {title}
      </h2>
      {lead && <p className="mt-4 text-lg text-pretty text-muted-foreground">{lead}</p>}
    </div>
  );
}

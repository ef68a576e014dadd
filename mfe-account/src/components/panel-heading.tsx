import type { ReactNode } from 'react';

interface PanelHeadingProps {
  title: string;
  description?: ReactNode;
}

/** Title block of a dashboard panel of the account area. */
export function PanelHeading({ title, description }: PanelHeadingProps) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {description && <p className="text-muted-foreground">{description}</p>}
    </div>
  );
}

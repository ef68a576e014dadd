import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@coffer/ui';

interface CenteredCardProps {
  title: string;
  description?: ReactNode;
  /** An icon above the title. */
  icon?: ReactNode;
  children?: ReactNode;
}

/** The single card of a public account page (/reset-password, /verify-email), with the page's heading. */
export function CenteredCard({ title, description, icon, children }: CenteredCardProps) {
  return (
    <div className="flex justify-center px-4 py-12 sm:py-16">
      {/* The heading is the tab's title too (React puts it in the head). */}
      <title>{`${title} · Coffer`}</title>
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          {icon}
          <h1 className="text-2xl leading-tight font-semibold tracking-tight">{title}</h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        {children && <CardContent>{children}</CardContent>}
      </Card>
    </div>
  );
}

import type { ReactNode } from 'react';

interface LegalPageProps {
  title: string;
  children?: ReactNode;
}

/** Frame of the Terms of Service and the Privacy Policy; both show today as their last update. */
export function LegalPage({ title, children }: LegalPageProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">Last updated: {new Date().toLocaleDateString()}</p>
      <div className="mt-8 space-y-6">{children}</div>
    </article>
  );
}

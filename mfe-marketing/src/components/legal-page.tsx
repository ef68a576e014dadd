import type { ReactNode } from 'react';

export interface LegalSection {
  /** Anchor of the section (`/terms#content`). */
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalPageProps {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}

/** Today, as the pages show it ("November 22, 2026"); both legal pages show today as their last update. */
export function formatLastUpdated(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Frame of the Terms of Service and the Privacy Policy: title, last update, contents and numbered sections. */
export function LegalPage({ title, intro, sections }: LegalPageProps) {
  const today = new Date();
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
      <title>{`${title} · Coffer`}</title>
      <header className="max-w-3xl">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        <p className="mt-4 text-sm text-muted-foreground">
          Last updated: <time dateTime={isoDate(today)}>{formatLastUpdated(today)}</time>
        </p>
        <div className="mt-8 text-lg text-pretty text-muted-foreground">{intro}</div>
      </header>

      <div className="mt-12 grid gap-12 lg:grid-cols-[minmax(0,3fr)_minmax(0,1fr)]">
        <div className="flex max-w-3xl flex-col gap-10">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
              <h2 id={`${section.id}-title`} className="text-xl font-semibold tracking-tight">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-3 flex flex-col gap-3 leading-7 text-muted-foreground [&_a]:font-medium [&_a]:text-foreground [&_a]:underline [&_a]:underline-offset-4 [&_li]:ml-5 [&_li]:list-disc [&_strong]:text-foreground [&_ul]:flex [&_ul]:flex-col [&_ul]:gap-1.5">
                {section.body}
              </div>
            </section>
          ))}
        </div>
        <nav aria-label="On this page" className="order-first hidden lg:order-last lg:block">
          <div className="sticky top-24">
            <p className="mb-3 text-sm font-semibold">On this page</p>
            <ol className="flex flex-col gap-2 border-l border-border text-sm">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-ml-px block border-l border-transparent pl-4 text-muted-foreground hover:border-foreground hover:text-foreground"
                  >
                    {index + 1}. {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
      </div>
    </div>
  );
}

import { useIsSignedIn } from '@coffer/web-core';
import { Link } from '@coffer/web-core/router';
import { ArrowRight, CalendarCheck, Folder, Lock, Users, Zap, type LucideIcon } from 'lucide-react';
import { Button } from '@coffer/ui';
import { FeatureCard } from '../components/feature-card';
import { PageHero } from '../components/page-hero';
import { SectionHeading } from '../components/section-heading';

/** The four selling points of spec §1. */
const SELLING_POINTS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Lock,
    title: 'Enterprise Security',
    text: 'Encryption, password protection and expiring links keep every company file under your control.',
  },
  {
    icon: Users,
    title: 'Team Collaboration',
    text: 'Invite your whole team and decide who sees what with granular access controls.',
  },
  {
    icon: Zap,
    title: 'Simple & Fast',
    text: 'Upload, organize and share in seconds. No training, no clutter, nothing to install.',
  },
  {
    icon: CalendarCheck,
    title: 'Free 14-Day Trial',
    text: 'Try Coffer free for 14 days, then pay a flat rate by storage tier, not per user.',
  },
];

/** / */
export function LandingPage() {
  const signedIn = useIsSignedIn();

  return (
    <>
      <title>Coffer: Secure File Storage Built for Business</title>
      <div className="bg-gradient-to-b from-muted/60 to-background">
        <PageHero
          eyebrow="Free 14-day trial · No credit card required"
          title="Secure File Storage Built for Business"
          lead="Simple, secure file storage and sharing for small-to-medium businesses. Store, organize, and collaborate with confidence."
        >
          <Button asChild size="lg">
            <Link to="/dashboard">
              {signedIn ? 'My Dashboard' : 'Try Dashboard'}
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          {signedIn === false && (
            <Button asChild size="lg" variant="outline">
              <Link to="/login">Sign In</Link>
            </Button>
          )}
        </PageHero>
        <ProductPreview />
      </div>

      <section aria-labelledby="selling-points" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <SectionHeading
          id="selling-points"
          title="Everything your business needs, nothing it doesn't"
          lead="One secure space for your company's files, with straightforward sharing and permissions."
        />
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {SELLING_POINTS.map((point) => (
            <li key={point.title}>
              <FeatureCard {...point} iconClassName="bg-primary text-primary-foreground" />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="pricing-teaser" className="border-t border-border bg-muted/40">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6 md:flex-row md:justify-between md:text-left">
          <div>
            <h2 id="pricing-teaser" className="text-2xl font-bold tracking-tight">
              Predictable pricing. Unlimited users.
            </h2>
            <p className="mt-2 text-muted-foreground">Flat-rate plans by storage tier, from 500 GB to 5 TB and beyond.</p>
          </div>
          <Button asChild size="lg" variant="outline" className="bg-background">
            <Link to="/pricing">View Pricing</Link>
          </Button>
        </div>
      </section>
    </>
  );
}

const PREVIEW_FOLDERS = [
  { name: 'Documents', detail: '24 file(s), 3 folder(s)' },
  { name: 'Images', detail: '138 file(s), 0 folder(s)' },
  { name: 'Projects', detail: '12 file(s), 5 folder(s)' },
  { name: 'Invoices', detail: '56 file(s), 0 folder(s)' },
];

/** A picture of the file browser under the hero (decorative: hidden from screen readers). */
function ProductPreview() {
  return (
    <div aria-hidden className="mx-auto max-w-5xl px-4 pb-16 sm:px-6">
      <div className="overflow-hidden rounded-xl border border-border bg-background shadow-xl">
        <div className="flex items-center gap-2 border-b border-border bg-muted/60 px-4 py-3">
          <span className="size-3 rounded-full bg-border" />
          <span className="size-3 rounded-full bg-border" />
          <span className="size-3 rounded-full bg-border" />
          <span className="ml-4 hidden h-6 max-w-xs flex-1 rounded-md border border-border bg-background sm:block" />
        </div>
        <div className="flex">
          <div className="hidden w-48 shrink-0 flex-col gap-1 border-r border-border p-4 md:flex">
            {['Files', 'Shared', 'Recent', 'Trash'].map((tab, index) => (
              <span
                key={tab}
                className={index === 0 ? 'rounded-md bg-primary px-3 py-2 text-sm text-primary-foreground' : 'px-3 py-2 text-sm text-muted-foreground'}
              >
                {tab}
              </span>
            ))}
            <div className="mt-6 px-3">
              <div className="h-1.5 rounded-full bg-muted">
                <div className="h-1.5 w-1/3 rounded-full bg-primary" />
              </div>
              <p className="mt-2 text-xs text-muted-foreground">164 GB of 500 GB used</p>
            </div>
          </div>
          <div className="flex-1 p-4 sm:p-6">
            <p className="text-lg font-semibold">Files</p>
            <p className="text-sm text-muted-foreground">Manage your files and folders</p>
            <div className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
              {PREVIEW_FOLDERS.map(({ name, detail }) => (
                <div key={name} className="rounded-lg border border-border p-3 sm:p-4">
                  <Folder className="mb-3 size-6 fill-muted sm:size-8" />
                  <p className="text-sm font-medium">{name}</p>
                  <p className="text-xs text-muted-foreground">{detail}</p>
                </div>
              ))}
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

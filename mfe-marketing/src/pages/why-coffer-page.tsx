import { Link } from '@coffer/web-core/router';
import { Building2, FolderLock, Share2, Wallet, type LucideIcon } from 'lucide-react';
import { Button } from '@coffer/ui';
import { FeatureCard } from '../components/feature-card';
import { PageHero } from '../components/page-hero';
import { SectionHeading } from '../components/section-heading';

const REASONS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: FolderLock,
    title: 'One secure space for company files',
    text: 'Contracts, designs, invoices and everything in between live in one place, encrypted and organized in folders your whole team understands.',
  },
  {
    icon: Share2,
    title: 'Straightforward sharing and permissions',
    text: 'Share a file with anyone by email and decide exactly who can see it. Restrict access by network, set links to expire and cap how often a file can be opened.',
  },
  {
    icon: Building2,
    title: 'Features built for business',
    text: 'Audit logs show who did what and when, custom branding puts your logo on every page, and compliance options cover GDPR, HIPAA and ISO requirements.',
  },
  {
    icon: Wallet,
    title: 'Predictable pricing',
    text: 'Pay a flat monthly rate by storage tier, never per seat. All plans include unlimited users, so growing your team never grows your bill.',
  },
];

const PILLARS = [
  { title: 'Simplicity', text: 'A clean file browser anyone can use on day one.' },
  { title: 'Security', text: 'Encryption, access controls and expiring links by default.' },
  { title: 'Business focus', text: 'Made for companies, not personal accounts.' },
];

/** /why-coffer */
export function WhyCofferPage() {
  return (
    <>
      <title>Why Coffer? · Coffer</title>
      <div className="bg-gradient-to-b from-muted/60 to-background">
        <PageHero
          title="Why Coffer?"
          lead="Personal cloud drives were never designed for companies. Coffer is built for business: a simpler, safer place for small and medium businesses to store, organize and share their files."
        >
          <Button asChild size="lg">
            <Link to="/dashboard">Try Dashboard</Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="bg-background">
            <Link to="/pricing">View Pricing</Link>
          </Button>
        </PageHero>
      </div>

      <section aria-labelledby="usp" className="mx-auto max-w-6xl px-4 pb-4 sm:px-6">
        <div className="rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12">
          <p className="text-sm font-medium tracking-widest uppercase opacity-80">What makes Coffer different</p>
          <h2 id="usp" className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Simplicity + Security + Business focus
          </h2>
          <ul className="mt-10 grid gap-6 text-left sm:grid-cols-3 sm:text-center">
            {PILLARS.map((pillar) => (
              <li key={pillar.title}>
                <p className="text-lg font-semibold">{pillar.title}</p>
                <p className="mt-1 opacity-80">{pillar.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="reasons" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <SectionHeading id="reasons" title="Everything a growing business needs" lead="Coffer keeps what matters to a business and leaves out what doesn't." />
        <ul className="grid gap-4 md:grid-cols-2">
          {REASONS.map((point) => (
            <li key={point.title}>
              <FeatureCard {...point} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

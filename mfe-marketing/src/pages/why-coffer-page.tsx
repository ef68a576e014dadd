import { Link } from 'react-router-dom';
import { Button } from '@coffer/ui';
import { PageHero } from '../components/page-hero';

const REASONS = [
  'One secure space for all your company files.',
  'Straightforward sharing and permissions.',
  'Business features: audit logs, custom branding and compliance options.',
  'Predictable pricing: all plans include unlimited users.',
];

/** /why-coffer */
export function WhyCofferPage() {
  return (
    <>
      <PageHero
        title="Why Coffer?"
        lead="Coffer gives small and medium businesses a simple, secure place to store, organise and share their files."
      >
        <Button asChild size="lg">
          <Link to="/dashboard">Try Dashboard</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/pricing">View Pricing</Link>
        </Button>
      </PageHero>
      <section className="mx-auto max-w-2xl px-4 pb-20 sm:px-6">
        <p className="mb-6 text-center text-xl font-semibold">Simplicity + Security + Business focus</p>
        <ul className="list-disc space-y-2 pl-6 text-muted-foreground">
          {REASONS.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </section>
    </>
  );
}

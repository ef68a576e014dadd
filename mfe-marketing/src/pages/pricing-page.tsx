import { Link } from '@coffer/web-core/router';
import { PLAN_DEFINITIONS } from '@coffer/plans';
import { PageHero } from '../components/page-hero';
import { PlanCard } from '../features/pricing/components/plan-card';

/** /pricing */
export function PricingPage() {
  return (
    <>
      <title>Pricing · Coffer</title>
      <div className="bg-gradient-to-b from-muted/60 to-background">
        <PageHero
          eyebrow="All plans include unlimited users"
          title="Simple, predictable pricing"
          lead="Flat-rate pricing by storage tier, not per user. Every plan starts with a free 14-day trial, no credit card required."
          className="pb-8 sm:pb-12"
        />
      </div>
      <section aria-labelledby="plans" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
        <h2 id="plans" className="sr-only">
          Plans
        </h2>
        <ul className="grid gap-6 pt-4 md:grid-cols-2 xl:grid-cols-4">
          {PLAN_DEFINITIONS.map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} />
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center text-sm text-muted-foreground">
          Prices are per month. Need more than 5 TB, compliance add-ons or a dedicated account manager?{' '}
          <Link to="/contact-sales" className="font-medium text-foreground underline underline-offset-4">
            Talk to our sales team
          </Link>
          .
        </p>
      </section>
    </>
  );
}

import { PageHero } from '../components/page-hero';

/** /pricing (the plan cards come with the plans table) */
export function PricingPage() {
  return (
    <PageHero
      title="Pricing"
      lead="Flat-rate pricing by storage tier, not per user. All plans include unlimited users and start with a free 14-day trial, no credit card needed."
    />
  );
}

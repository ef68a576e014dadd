import { useId } from 'react';
import { Link } from '@coffer/web-core/router';
import { Check, HardDrive } from 'lucide-react';
import type { PlanDefinition } from '@coffer/plans';
import { Badge, Button, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, cn } from '@coffer/ui';

/** Where a plan card's button goes: a trial of the plan, or Contact Sales for Enterprise. */
export function planCallToAction(plan: PlanDefinition): { label: string; to: string } {
  return plan.id === 'enterprise' ? { label: 'Contact Sales', to: '/contact-sales' } : { label: 'Get Started', to: `/checkout?plan=${plan.id}` };
}

/** One plan of /pricing: prices in USD and GBP, storage, features and its button. */
export function PlanCard({ plan }: { plan: PlanDefinition }) {
  const titleId = useId();
  const action = planCallToAction(plan);

  return (
    <Card role="article" aria-labelledby={titleId} className={cn('relative h-full gap-6 pt-7', plan.popular && 'border-primary shadow-lg ring-1 ring-primary')}>
      {plan.popular && <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1">Most Popular</Badge>}
      <CardHeader>
        <CardTitle id={titleId} className="text-xl">
          {plan.name}
        </CardTitle>
        <CardDescription>{plan.subtitle}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-6">
        <div>
          <p className="flex items-baseline gap-1">
            <span className="text-4xl font-bold tracking-tight">{plan.priceUsd}</span>
            <span className="text-muted-foreground">/month</span>
          </p>
          <p className="mt-1 text-sm text-muted-foreground">{plan.priceGbp}/month</p>
        </div>
        <p className="flex items-center gap-2 font-medium">
          <HardDrive aria-hidden className="size-4" />
          {plan.storage} storage
        </p>
        <ul className="flex flex-col gap-2 border-t border-border pt-6 text-sm">
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check aria-hidden className="mt-0.5 size-4 shrink-0" />
              {feature}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <Button asChild size="lg" variant={plan.popular ? 'default' : 'outline'} className="w-full">
          <Link to={action.to}>{action.label}</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

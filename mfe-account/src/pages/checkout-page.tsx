import { Link, useSearchParams } from '@coffer/web-core/router';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@coffer/ui';

// The plans a trial can start on (Enterprise is sold by contact). Names and prices come with @coffer/plans.
const TRIAL_PLANS = ['starter', 'business', 'pro'] as const;
type TrialPlan = (typeof TRIAL_PLANS)[number];
const isTrialPlan = (plan: string | null): plan is TrialPlan => TRIAL_PLANS.some((id) => id === plan);

/** /checkout?plan=starter|business|pro */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const plan = params.get('plan');

  if (!isTrialPlan(plan)) {
    return (
      <div className="flex justify-center px-4 py-16">
        <Card className="w-full max-w-md text-center">
          <CardHeader>
            <CardTitle className="text-2xl">No Plan Selected</CardTitle>
            <CardDescription>Choose a plan to start your free trial.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild>
              <Link to="/pricing">View Pricing</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    );
  }

  return (
    <div className="flex justify-center px-4 py-16">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="text-2xl">Order Summary</CardTitle>
          <CardDescription className="capitalize">{plan} plan</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2">
          <p className="font-medium">14 days free trial</p>
          <p className="text-sm text-muted-foreground">No charge today. Cancel anytime.</p>
          <Link to="/pricing" className="mt-4 text-sm underline underline-offset-4">
            Back to Pricing
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

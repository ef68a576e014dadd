import { Link, Navigate, useLocation, useSearchParams } from '@coffer/web-core/router';
import { useSession } from '@coffer/web-core';
import { checkoutPlan, type CheckoutPlan, type PlanDefinition } from '@coffer/plans';
import { Button, Spinner } from '@coffer/ui';
import { CenteredCard } from '../components/centered-card';
import { CardForm } from '../features/checkout/components/card-form';
import { OrderSummary } from '../features/checkout/components/order-summary';
import { loginReturningTo } from '../lib/return-to';

/** /checkout?plan=starter|business|pro: signed-in users start the plan's 14-day trial. */
export function CheckoutPage() {
  const { status } = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const plan = checkoutPlan(params.get('plan'));

  if (status === 'unknown') {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading..." />
      </div>
    );
  }
  // Spec §2: signed out goes to /login, and comes back here once signed in.
  if (status !== 'signed-in') return <Navigate to={loginReturningTo(`${location.pathname}${location.search}`)} replace />;

  if (!plan) {
    return (
      <CenteredCard title="No Plan Selected" description="Choose a plan to start your free trial.">
        <Button asChild className="w-full">
          <Link to="/pricing">View Pricing</Link>
        </Button>
      </CenteredCard>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-12 sm:py-16 md:grid-cols-2">
      <title>{`Start your free trial of ${plan.name} · Coffer`}</title>
      <h1 className="text-2xl font-semibold tracking-tight md:col-span-2">Start your free trial of {plan.name}</h1>
      <OrderSummary plan={plan} />
      <CardForm plan={plan as PlanDefinition & { id: CheckoutPlan }} />
    </div>
  );
}

import { Link, Navigate, useLocation, useNavigate, useSearchParams } from '@coffer/web-core/router';
import { useSession } from '@coffer/web-core';
import { roleMay, type Subscription } from '@coffer/contracts';
import { useAccountPlanQuery, useGetProfileQuery } from '@coffer/web-core/store';
import { checkoutPlan, type CheckoutPlan, type PlanDefinition } from '@coffer/plans';
import { Button, Spinner, toast } from '@coffer/ui';
import { CenteredCard } from '../components/centered-card';
import { useChangePlanMutation, useCheckoutSessionMutation, useStartTrialMutation, useSubscribeMutation } from '../features/checkout/api/checkout-api';
import { checkoutHeading, checkoutMode, type CheckoutMode } from '../features/checkout/checkout-mode';
import { CardForm } from '../features/checkout/components/card-form';
import { OrderSummary } from '../features/checkout/components/order-summary';
import { PlanChoiceButton } from '../features/checkout/components/plan-choice-button';
import { planChangedToast, planSwitchedToast, subscribedToast, trialStartedToast } from '../features/checkout/trial-toasts';
import { askOwnerLine } from '../lib/plan-display';
import { loginReturningTo } from '../lib/return-to';

const loading = (
  <div className="flex justify-center py-16">
    <Spinner label="Loading..." />
  </div>
);

/**
 * /checkout?plan=starter|business|pro, the account owner's only: the plan's 14-day trial while the
 * account may have one, else subscribing (during or after the trial), or changing an active plan.
 */
export function CheckoutPage() {
  const { status } = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const plan = checkoutPlan(params.get('plan'));
  const signedIn = status === 'signed-in';
  const { data: subscription } = useAccountPlanQuery(undefined, { skip: !signedIn });
  const { data: profile } = useGetProfileQuery(undefined, { skip: !signedIn });

  if (status === 'unknown') return loading;
  // Spec §2: signed out goes to /login, and comes back here once signed in.
  if (!signedIn) return <Navigate to={loginReturningTo(`${location.pathname}${location.search}`)} replace />;

  if (!plan) {
    return (
      <CenteredCard title="No Plan Selected" description="Choose a plan to start your free trial.">
        <Button asChild className="w-full">
          <Link to="/pricing">View Pricing</Link>
        </Button>
      </CenteredCard>
    );
  }
  if (!subscription || !profile) return loading;
  // PRODUCT-DECISIONS: only the owner sees checkout; the others are told whom to ask.
  if (!roleMay(profile.role, 'managePlan')) {
    return (
      <CenteredCard title="Only the account owner can choose a plan" description={askOwnerLine(profile.ownerName)}>
        <Button asChild variant="outline" className="w-full">
          <Link to="/dashboard">Back to Dashboard</Link>
        </Button>
      </CenteredCard>
    );
  }
  return <Checkout plan={plan as PlanDefinition & { id: CheckoutPlan }} subscription={subscription} />;
}

function Checkout({ plan, subscription }: { plan: PlanDefinition & { id: CheckoutPlan }; subscription: Subscription }) {
  const mode = checkoutMode(subscription, plan);
  const heading = checkoutHeading(mode, plan.name);
  if (mode === 'current-plan') {
    return (
      <CenteredCard title={heading} description="Your subscription is active.">
        <Button asChild className="w-full">
          <Link to="/dashboard/account">Open your account</Link>
        </Button>
      </CenteredCard>
    );
  }
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-12 sm:py-16 md:grid-cols-2">
      <title>{`${heading} · Coffer`}</title>
      <h1 className="text-2xl font-semibold tracking-tight md:col-span-2">{heading}</h1>
      <OrderSummary plan={plan} mode={mode} trialEndDate={subscription.status === 'trial' ? subscription.trialEndDate : null} />
      <CheckoutAction plan={plan} mode={mode} subscription={subscription} />
    </div>
  );
}

/** The right-hand card: the card form (the placeholder), Stripe Checkout, or a plain change of plan. */
function CheckoutAction({ plan, mode, subscription }: { plan: PlanDefinition & { id: CheckoutPlan }; mode: CheckoutMode; subscription: Subscription }) {
  const navigate = useNavigate();
  const [startTrial] = useStartTrialMutation();
  const [subscribe] = useSubscribeMutation();
  const [changePlan] = useChangePlanMutation();
  const [checkoutSession] = useCheckoutSessionMutation();

  if (mode === 'change-plan') {
    return (
      <PlanChoiceButton
        title="Change plan"
        description={`Your plan changes to ${plan.name} today.`}
        label={`Change to ${plan.name}`}
        busyLabel="Changing Plan..."
        onChoose={async () => {
          await changePlan({ plan: plan.id }).unwrap();
          toast(planChangedToast(plan.name));
          navigate('/dashboard/account');
        }}
      />
    );
  }
  // During the trial another plan can be tried until the same end date, without paying.
  const switchTrial =
    subscription.status === 'trial' && subscription.planType !== plan.id ? (
      <PlanChoiceButton
        title="Keep trying for free"
        description="Switch your trial to this plan; its end date stays the same."
        label={`Switch trial to ${plan.name}`}
        busyLabel="Switching..."
        variant="outline"
        onChoose={async () => {
          const switched = await startTrial({ plan: plan.id }).unwrap();
          toast(planSwitchedToast(plan.name, switched.trialEndDate ?? ''));
          navigate('/dashboard');
        }}
      />
    ) : null;

  if (subscription.paymentProvider === 'stripe' && mode === 'subscribe') {
    return (
      <div className="flex flex-col gap-6">
        <PlanChoiceButton
          title="Payment details"
          description="You enter your card on Stripe's secure page; Coffer never sees it."
          label="Continue to Payment"
          busyLabel="Opening Stripe..."
          onChoose={async () => {
            const { url } = await checkoutSession({ plan: plan.id }).unwrap();
            window.location.assign(url);
          }}
        />
        {switchTrial}
      </div>
    );
  }
  const trial = mode === 'start-trial';
  return (
    <div className="flex flex-col gap-6">
      <CardForm
        submitLabel={trial ? 'Start 14-Day Free Trial' : 'Subscribe'}
        busyLabel={trial ? 'Starting Trial...' : 'Subscribing...'}
        description={trial ? 'Your card is checked on this page only. No charge today.' : 'Your card is checked on this page only.'}
        onPaid={async () => {
          if (trial) {
            await startTrial({ plan: plan.id }).unwrap();
            toast(trialStartedToast(plan.name));
            navigate('/dashboard');
          } else {
            await subscribe({ plan: plan.id }).unwrap();
            toast(subscribedToast(plan.name));
            navigate('/dashboard/account');
          }
        }}
      />
      {switchTrial}
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from '@coffer/web-core/router';
import { CircleCheck, CircleX } from 'lucide-react';
import { Button, Spinner } from '@coffer/ui';
import { useIsSignedIn } from '@coffer/web-core';
import { toApiError } from '@coffer/web-core/store';
import { CenteredCard } from '../components/centered-card';
import { useVerifyEmailMutation } from '../features/auth/api/auth-api';

const INVALID_LINK = 'This verification link is invalid or has expired.';

/** /verify-email?token=…: the link of the verification email confirms the address as soon as the page opens. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [verifyEmail, { isSuccess, isError, error }] = useVerifyEmailMutation();
  // A token works once: never send it twice (StrictMode runs effects twice in development).
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    void verifyEmail({ token });
  }, [token, verifyEmail]);

  if (isSuccess) {
    return (
      <CenteredCard
        icon={<CircleCheck aria-hidden className="size-10" />}
        title="Your email address is confirmed"
        description="Thank you. Your account now shows your email as Verified."
      >
        <NextStep />
      </CenteredCard>
    );
  }

  if (!token || isError) {
    return (
      <CenteredCard
        icon={<CircleX aria-hidden className="size-10 text-destructive" />}
        title="We could not confirm your email address"
        description={<span role="alert">{(token && toApiError(error).message) || INVALID_LINK}</span>}
      >
        <NextStep />
      </CenteredCard>
    );
  }

  return (
    <CenteredCard title="Confirming your email address" description="This takes a moment.">
      <div className="flex justify-center">
        <Spinner label="Confirming" />
      </div>
    </CenteredCard>
  );
}

function NextStep() {
  const signedIn = useIsSignedIn();
  return (
    <Button asChild className="w-full">
      {signedIn ? <Link to="/dashboard">Go to Dashboard</Link> : <Link to="/login">Sign In</Link>}
    </Button>
  );
}

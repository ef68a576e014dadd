import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { AddressLink } from '@coffer/contracts';
import { Link, useSearchParams } from '@coffer/web-core/router';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@coffer/ui';
import { useSession } from '@coffer/web-core';
import { ResetRequestForm } from './reset-request-form';
import { SignInForm } from './sign-in-form';
import { SsoFinish } from './single-sign-on';
import { ssoAnswerOf } from '../api/single-sign-on-api';
import { SignUpForm } from './sign-up-form';
import { TwoFactorStep } from './two-factor-step';
import { addressLinkToken, useDescribeAddressLinkQuery } from '../api/address-link-api';
import { RETURN_TO_PARAM } from '../../../lib/return-to';

type Mode = 'sign-in' | 'sign-up' | 'forgot-password';

/** The one card of /login: sign in, sign up, ask for a reset link, or give the second factor. */
export function LoginCard() {
  const { status, factorId } = useSession();
  // An invitation's link (/login?invite=…&email=…) opens sign-up for the invited address.
  const [params, setParams] = useSearchParams();
  // Back from the company's provider with its answer: finished first, once.
  const ssoAnswer = useMemo(() => ssoAnswerOf(params), [params]);
  const ssoFailed = useCallback(() => setParams({}, { replace: true }), [setParams]);
  const inviteToken = params.get('invite') ?? undefined;
  // The invitation is for one address: sign-up takes it as it came, unchangeable.
  const invitedEmail = inviteToken ? (params.get('email') ?? undefined) : undefined;
  const [mode, setMode] = useState<Mode>(inviteToken ? 'sign-up' : 'sign-in');
  // The address typed in one form carries over to the next.
  const [email, setEmail] = useState(invitedEmail ?? '');
  const [withRecoveryCode, setWithRecoveryCode] = useState(false);
  // A share email's link, followed while signed out: who shared what, and the address to sign up (or in) with, filled in.
  const shareToken = inviteToken ? undefined : addressLinkToken(params.get(RETURN_TO_PARAM));
  const shared = useDescribeAddressLinkQuery(shareToken ?? '', { skip: !shareToken }).data;
  const [filledFromShare, setFilledFromShare] = useState(false);
  if (shared && !filledFromShare) {
    setFilledFromShare(true);
    setEmail(shared.email);
    setMode(shared.hasAccount ? 'sign-in' : 'sign-up');
  }
  const notice = shared && <SharedWithYou shared={shared} />;

  const toggle = (label: string, to: Mode) => (
    <button type="button" onClick={() => setMode(to)} className="cursor-pointer font-medium text-foreground underline underline-offset-4 hover:no-underline">
      {label}
    </button>
  );

  if (ssoAnswer && status !== 'signed-in') {
    return (
      <LoginFrame title="Sign in to your account" description="Signing in with your company's account.">
        <SsoFinish answer={ssoAnswer} onDone={ssoFailed} />
      </LoginFrame>
    );
  }

  if (status === 'mfa-required' && factorId) {
    return (
      <LoginFrame
        title="Two-Factor Authentication"
        description={
          withRecoveryCode
            ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication.'
            : 'Enter the 6-digit code from your authenticator app.'
        }
      >
        <TwoFactorStep factorId={factorId} withRecoveryCode={withRecoveryCode} onWithRecoveryCodeChange={setWithRecoveryCode} />
      </LoginFrame>
    );
  }

  if (mode === 'forgot-password') {
    return (
      <LoginFrame title="Reset your password" description="Enter your email and we'll send you a link to set a new password.">
        <ResetRequestForm email={email} onEmailChange={setEmail} onBack={() => setMode('sign-in')} />
      </LoginFrame>
    );
  }

  if (mode === 'sign-up') {
    return (
      <LoginFrame
        title="Create your account"
        description={
          <>
            {inviteToken && 'You were invited to join a team on Coffer: create your account to join it. '}
            Already have an account? {toggle('Sign in', 'sign-in')}
          </>
        }
      >
        {notice}
        <SignUpForm
          key={String(filledFromShare)}
          email={invitedEmail ?? email}
          emailReadOnly={invitedEmail !== undefined}
          onEmailChange={setEmail}
          onSignInInstead={() => setMode('sign-in')}
          inviteToken={inviteToken}
        />
      </LoginFrame>
    );
  }

  return (
    <LoginFrame title="Sign in to your account" description={<>Don&apos;t have an account? {toggle('Sign up', 'sign-up')}</>}>
      {notice}
      <SignInForm key={String(filledFromShare)} email={email} onEmailChange={setEmail} onForgotPassword={() => setMode('forgot-password')} />
    </LoginFrame>
  );
}

/** What a share email's link was for: who shared what with the address, and what to do to see it. */
function SharedWithYou({ shared }: { shared: AddressLink }) {
  const more = shared.otherFiles > 0 ? ` and ${shared.otherFiles} more ${shared.otherFiles === 1 ? 'file' : 'files'}` : '';
  return (
    <div role="status" className="mb-4 rounded-md bg-muted px-3 py-2 text-sm">
      <p className="font-medium break-words">
        {shared.sharedByName} shared “{shared.fileName}”{more} with you
      </p>
      <p className="break-words text-muted-foreground">
        {shared.hasAccount ? `Sign in as ${shared.email} to see it.` : `Create your free Coffer account with ${shared.email} to see it.`}
      </p>
    </div>
  );
}

function LoginFrame({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        {/* The page's heading, so not CardTitle's h3. */}
        <h1 className="text-2xl leading-tight font-semibold tracking-tight">{title}</h1>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
      <CardFooter className="justify-center">
        <p className="text-center text-xs text-muted-foreground">
          By continuing you agree to our{' '}
          <Link to="/terms" className="underline underline-offset-4 hover:text-foreground">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className="underline underline-offset-4 hover:text-foreground">
            Privacy Policy
          </Link>
          .
        </p>
      </CardFooter>
    </Card>
  );
}

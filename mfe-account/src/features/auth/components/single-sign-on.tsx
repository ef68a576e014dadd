import { useEffect, useRef, useState } from 'react';
import { emailSchema } from '@coffer/contracts';
import { Button, Spinner, toast } from '@coffer/ui';
import { AUTH_TOASTS } from '@coffer/web-core/store';
import { failureToast } from '../../../lib/failure-toast';
import { useFinishSsoMutation, useLookupSsoQuery, useStartSsoMutation, type SsoAnswer } from '../api/single-sign-on-api';

/** The typed email once it has stayed the same for a moment: the login page asks about it then, not at every key. */
function useSettled(value: string, ms = 400) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** "Sign in with <Company> SSO", shown once the typed email's domain signs in with its company's provider. */
export function SsoButton({ email, rememberMe }: { email: string; rememberMe: boolean }) {
  const settled = useSettled(email.trim());
  const valid = emailSchema.safeParse(settled).success;
  const { data } = useLookupSsoQuery(settled.toLowerCase(), { skip: !valid });
  const [start, { isLoading }] = useStartSsoMutation();
  const company = valid && settled.toLowerCase() === email.trim().toLowerCase() ? data?.sso?.companyName : undefined;
  if (!company) return null;

  const go = async () => {
    try {
      const { authorizationUrl } = await start({ email: settled, rememberMe }).unwrap();
      window.location.assign(authorizationUrl);
    } catch (error) {
      failureToast('Single sign-on could not start', error);
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button type="button" variant="outline" className="w-full whitespace-normal" disabled={isLoading} onClick={() => void go()}>
        {isLoading && <Spinner label="Going to your company's sign-in" className="size-4" />}
        Sign in with {company} SSO
      </Button>
    </div>
  );
}

/** Back from the provider (/login?code=…&state=…): the server finishes the sign-in once; the page then moves on as after any sign-in. */
export function SsoFinish({ answer, onDone }: { answer: SsoAnswer; onDone: () => void }) {
  const [finish, { isError }] = useFinishSsoMutation();
  const sent = useRef(false);
  useEffect(() => {
    // Its state is good once: sent once, also when React runs effects twice in development.
    if (sent.current) return;
    sent.current = true;
    finish(answer)
      .unwrap()
      .then(() => toast(AUTH_TOASTS.signedIn))
      .catch((error: unknown) => {
        failureToast('Single sign-on did not complete', error);
        onDone();
      });
  }, [answer, finish, onDone]);
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground">
      {!isError && <Spinner label="Signing in" className="size-4" />}
      {isError ? 'Single sign-on did not complete.' : 'Signing you in with your company’s account...'}
    </div>
  );
}

import { Navigate, useSearchParams } from '@coffer/web-core/router';
import { useSession } from '@coffer/web-core';
import { LoginCard } from '../features/auth/components/login-card';
import { RETURN_TO_PARAM, returnTo } from '../lib/return-to';

/**
 * /login: sign-in and sign-up in one card, plus the two-factor step; a session (here or from another tab)
 * goes to the dashboard, or back to the page that asked for it (checkout).
 */
export function LoginPage() {
  const { status } = useSession();
  const [params] = useSearchParams();
  if (status === 'signed-in') return <Navigate to={returnTo(params.get(RETURN_TO_PARAM))} replace />;
  return (
    <div className="flex justify-center px-4 py-12 sm:py-16">
      <title>Sign in · Coffer</title>
      <LoginCard />
    </div>
  );
}

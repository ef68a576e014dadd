import { Navigate } from '@coffer/web-core/router';
import { useSession } from '@coffer/web-core';
import { LoginCard } from '../features/auth/components/login-card';

/** /login: sign-in and sign-up in one card, plus the two-factor step; a session (here or from another tab) goes to the dashboard. */
export function LoginPage() {
  const { status } = useSession();
  if (status === 'signed-in') return <Navigate to="/dashboard" replace />;
  return (
    <div className="flex justify-center px-4 py-12 sm:py-16">
      <LoginCard />
    </div>
  );
}

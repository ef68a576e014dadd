import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from '@coffer/web-core/router';
import { isTwoFactorSetupPending, useSession } from '@coffer/web-core';
import { LoginCard } from '../features/auth/components/login-card';
import { TwoFactorSetupRequired } from '../features/security/components/two-factor-setup-required';
import { RETURN_TO_PARAM, returnTo } from '../lib/return-to';

/**
 * /login: sign-in and sign-up in one card, plus the two-factor step; a session (here or from another tab)
 * goes to the dashboard, or back to the page that asked for it (checkout). A member whose account requires
 * two-factor and who has none sets it up here first (and sees their recovery codes) before going on.
 */
export function LoginPage() {
  const { status } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const destination = returnTo(params.get(RETURN_TO_PARAM));
  // Kept once shown: the setup's last step (the recovery codes) comes after the session is already a full one.
  const [settingUp, setSettingUp] = useState(false);
  if (status === 'signed-in' && !settingUp && isTwoFactorSetupPending()) setSettingUp(true);
  if (status === 'signed-in' && settingUp)
    return (
      <div className="flex justify-center px-4 py-12 sm:py-16">
        <title>Set up two-factor authentication · Coffer</title>
        <TwoFactorSetupRequired onDone={() => void navigate(destination, { replace: true })} />
      </div>
    );
  if (status === 'signed-in') return <Navigate to={destination} replace />;
  return (
    <div className="flex justify-center px-4 py-12 sm:py-16">
      <title>Sign in · Coffer</title>
      <LoginCard />
    </div>
  );
}

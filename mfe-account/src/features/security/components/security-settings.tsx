import { SessionsCard } from './sessions-card';
import { SignInPolicyCard } from './sign-in-policy-card';
import { SingleSignOnCard } from './single-sign-on-card';
import { TwoFactorCard } from './two-factor-card';
import { UpdatePasswordCard } from './update-password-card';

/** The Security tab of Settings. */
export function SecuritySettings() {
  return (
    <div className="flex flex-col gap-6">
      <UpdatePasswordCard />
      <TwoFactorCard />
      <SessionsCard />
      <SignInPolicyCard />
      <SingleSignOnCard />
    </div>
  );
}

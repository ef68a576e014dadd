import { Button, Card, CardContent, CardDescription, CardHeader, toast } from '@coffer/ui';
import { AUTH_TOASTS, signOutErrorToast, useSignOutMutation } from '@coffer/web-core/store';
import { TwoFactorSetupSteps } from './two-factor-setup-dialog';

/**
 * After the password, for a member of an account that requires two-factor and who has none: its setup, and
 * nothing else (the server refuses every other call until it is done), or signing out.
 */
export function TwoFactorSetupRequired({ onDone }: { onDone: () => void }) {
  const [signOut, { isLoading: signingOut }] = useSignOutMutation();
  const leave = async () => {
    try {
      await signOut().unwrap();
      toast(AUTH_TOASTS.signedOut);
    } catch (error) {
      toast(signOutErrorToast(error));
    }
  };
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        {/* The page's heading, so not CardTitle's h3. */}
        <h1 className="text-2xl leading-tight font-semibold tracking-tight">Set Up Two-Factor Authentication</h1>
        <CardDescription>Your account requires two-factor authentication. Set it up to continue.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <TwoFactorSetupSteps onDone={onDone} />
        <Button type="button" variant="link" disabled={signingOut} onClick={() => void leave()} className="self-center">
          Sign out
        </Button>
      </CardContent>
    </Card>
  );
}

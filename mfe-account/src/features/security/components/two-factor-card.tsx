import { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Label, Skeleton, Switch, toast } from '@coffer/ui';
import { firstVerifiedTotpFactor, isTwoFactorEnabled } from '@coffer/web-core';
import { AUTH_TOASTS, disableTwoFactorErrorToast, useGetSessionQuery, useUnenrollFactorMutation } from '@coffer/web-core/store';
import { TwoFactorSetupDialog } from './two-factor-setup-dialog';

/** Security tab: the two-factor switch. On opens the setup dialog; off removes the authenticator. */
export function TwoFactorCard() {
  const { data: session, isLoading, isError } = useGetSessionQuery();
  const [unenroll, { isLoading: disabling }] = useUnenrollFactorMutation();
  const [setupOpen, setSetupOpen] = useState(false);
  const enabled = session ? isTwoFactorEnabled(session) : false;

  const disable = async () => {
    const factor = session && firstVerifiedTotpFactor(session);
    if (!factor) return;
    try {
      await unenroll(factor.id).unwrap();
      toast(AUTH_TOASTS.twoFactorDisabled);
    } catch (error) {
      toast(disableTwoFactorErrorToast(error));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-Factor Authentication</CardTitle>
        <CardDescription>Ask for a code from an authenticator app as well as the password at every sign-in.</CardDescription>
      </CardHeader>
      <CardContent className="flex items-center justify-between gap-4">
        <div className="flex flex-col gap-1">
          <Label htmlFor="two-factor-switch">Enable Two-Factor Authentication</Label>
          <p className="text-sm text-muted-foreground">
            {isError ? 'The status of two-factor authentication could not be read.' : enabled ? 'On: your account asks for a code.' : 'Off.'}
          </p>
        </div>
        {isLoading ? (
          <Skeleton className="h-5 w-9 rounded-full" />
        ) : (
          <Switch
            id="two-factor-switch"
            checked={enabled}
            disabled={!session || disabling}
            onCheckedChange={(checked) => (checked ? setSetupOpen(true) : void disable())}
          />
        )}
      </CardContent>
      <TwoFactorSetupDialog open={setupOpen} onOpenChange={setSetupOpen} />
    </Card>
  );
}

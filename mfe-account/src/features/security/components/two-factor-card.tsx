import { useState } from 'react';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Label, Skeleton, Switch } from '@coffer/ui';
import { firstVerifiedTotpFactor, isTwoFactorEnabled } from '@coffer/web-core';
import { DisableTwoFactorDialog, NewRecoveryCodesDialog } from './two-factor-dialogs';
import { TwoFactorSetupDialog } from './two-factor-setup-dialog';
import { useGetSessionQuery } from '../api/security-api';

/**
 * Security tab: the two-factor switch. On opens the setup dialog; off asks for the password or a code first.
 * While on, the recovery codes left, and new ones.
 */
export function TwoFactorCard() {
  const { data: session, isLoading, isError } = useGetSessionQuery();
  const [open, setOpen] = useState<'setup' | 'disable' | 'recovery-codes' | null>(null);
  const enabled = session ? isTwoFactorEnabled(session) : false;
  const left = session?.recoveryCodesLeft ?? 0;
  const onOpenChange = (dialog: NonNullable<typeof open>) => (isOpen: boolean) => setOpen(isOpen ? dialog : null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-Factor Authentication</CardTitle>
        <CardDescription>Ask for a code from an authenticator app as well as the password at every sign-in.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex items-center justify-between gap-4">
          <div className="flex flex-col gap-1">
            <Label htmlFor="two-factor-switch">Enable Two-Factor Authentication</Label>
            <p className="text-sm text-muted-foreground">
              {isError ? 'The status of two-factor authentication could not be read.' : enabled ? 'On: your account asks for a code.' : 'Off.'}
            </p>
          </div>
          {isLoading ? (
            <Skeleton className="h-5 w-9 rounded-full" />
          ) : (
            <Switch id="two-factor-switch" checked={enabled} disabled={!session} onCheckedChange={(checked) => setOpen(checked ? 'setup' : 'disable')} />
          )}
        </div>
        {enabled && (
          <div className="flex flex-col gap-3 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex flex-col gap-1">
              <span className="text-sm font-medium">Recovery codes</span>
              <p className="text-sm text-muted-foreground" data-testid="recovery-codes-left">
                {left === 0
                  ? 'None left: get new ones so a lost phone does not lock you out.'
                  : `${left} of 10 left, each signs you in once without your phone.`}
              </p>
            </div>
            <Button type="button" variant="outline" className="w-full sm:w-fit" onClick={() => setOpen('recovery-codes')}>
              New Recovery Codes
            </Button>
          </div>
        )}
      </CardContent>
      <TwoFactorSetupDialog open={open === 'setup'} onOpenChange={onOpenChange('setup')} />
      <DisableTwoFactorDialog
        open={open === 'disable'}
        onOpenChange={onOpenChange('disable')}
        factorId={session ? firstVerifiedTotpFactor(session)?.id : undefined}
      />
      <NewRecoveryCodesDialog open={open === 'recovery-codes'} onOpenChange={onOpenChange('recovery-codes')} />
    </Card>
  );
}

import { roleMay } from '@coffer/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Label, Skeleton, Switch, toast } from '@coffer/ui';
import { useGetProfileQuery } from '@coffer/web-core/store';
import { failureToast } from '../../../lib/failure-toast';
import { useGetSignInPolicyQuery, useUpdateSignInPolicyMutation } from '../api/sign-in-policy-api';

/** Security tab, owners and admins: require two-factor for everyone in the account. */
export function SignInPolicyCard() {
  const { data: profile } = useGetProfileQuery();
  const mayManage = profile ? roleMay(profile.role, 'manageTeam') : false;
  if (!mayManage) return null;
  return <RequireTwoFactorSwitch />;
}

function RequireTwoFactorSwitch() {
  const { data: policy, isLoading, isError } = useGetSignInPolicyQuery();
  const [update, { isLoading: saving }] = useUpdateSignInPolicyMutation();
  const onChange = async (requireTwoFactor: boolean) => {
    try {
      await update({ requireTwoFactor }).unwrap();
      toast(
        requireTwoFactor
          ? { title: 'Two-factor required', description: 'Everyone without it sets it up at their next sign-in.' }
          : { title: 'Two-factor no longer required' },
      );
    } catch (error) {
      failureToast('Failed to change the sign-in policy', error);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign-in Policy</CardTitle>
        <CardDescription>How everyone in your account signs in.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-center justify-between gap-4">
          <div className="flex flex-col gap-1">
            <Label htmlFor="require-two-factor-switch">Require two-factor authentication for everyone</Label>
            <p className="text-sm text-muted-foreground">
              {isError
                ? 'The sign-in policy could not be read.'
                : policy?.requireTwoFactor
                  ? 'On: members without it set it up at their next sign-in, and no one can turn theirs off.'
                  : 'Off: each person chooses.'}
            </p>
          </div>
          {isLoading ? (
            <Skeleton className="h-5 w-9 rounded-full" />
          ) : (
            <Switch
              id="require-two-factor-switch"
              checked={policy?.requireTwoFactor ?? false}
              disabled={!policy || saving}
              onCheckedChange={(checked) => void onChange(checked)}
            />
          )}
        </div>
      </CardContent>
    </Card>
  );
}

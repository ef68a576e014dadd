import { useState, type ReactNode } from 'react';
import { Link } from '@coffer/web-core/router';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '@coffer/ui';
import { useGetProfileQuery } from '@coffer/web-core/store';
import { EmailPreferencesDialog } from './email-preferences-dialog';

const longDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/** One line of the card: what it is, its value, and what can be done about it. */
function DetailRow({ label, value, action }: { label: string; value: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3" role="group" aria-label={label}>
      <div className="flex flex-col">
        <span className="text-sm text-muted-foreground">{label}</span>
        <span className="font-medium">{value}</span>
      </div>
      {action}
    </div>
  );
}

/** Account → Account Details: member since, the plan (`planLine`, composed by the page), two-factor authentication and the email preferences. */
export function AccountDetailsCard({ planLine }: { planLine: ReactNode }) {
  const { data: profile } = useGetProfileQuery();
  const [preferencesOpen, setPreferencesOpen] = useState(false);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Account Details</CardTitle>
        <CardDescription>Member since, plan, two-factor authentication and email preferences.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <DetailRow label="Member Since" value={profile ? longDate(profile.memberSince) : <Skeleton className="h-5 w-32" />} />
        {planLine}
        <DetailRow
          label="Two-Factor Authentication"
          value={profile?.twoFactorEnabled ? 'Enabled' : 'Not enabled'}
          action={
            <Button asChild variant="outline" size="sm">
              <Link to="/dashboard/settings/security">Manage</Link>
            </Button>
          }
        />
        <DetailRow
          label="Email Preferences"
          value="Choose which emails you receive"
          action={
            <Button variant="outline" size="sm" onClick={() => setPreferencesOpen(true)}>
              Email Preferences
            </Button>
          }
        />
        <EmailPreferencesDialog open={preferencesOpen} onOpenChange={setPreferencesOpen} />
      </CardContent>
    </Card>
  );
}

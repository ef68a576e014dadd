import { useId, useState } from 'react';
import { POLICY_MAX_EXPIRY_DAYS, roleMay, type SharingPolicy } from '@coffer/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, FormField, Label, Skeleton, Spinner, Switch, toast } from '@coffer/ui';
import { toApiError, useAccountPlanQuery, useGetProfileQuery } from '@coffer/web-core/store';
import { failureToast } from '../../../lib/failure-toast';
import { useGetSharingPolicyQuery, useUpdateSharingPolicyMutation } from '../api/sharing-policy-api';

/** Settings → Permissions, owners and admins: the account's sharing policy (links, passwords, expiry, recipient domains). */
export function SharingPolicyCard() {
  const { data: profile } = useGetProfileQuery();
  const { data: policy, isLoading, isError, error } = useGetSharingPolicyQuery();
  if (!profile || !roleMay(profile.role, 'manageSharingPolicy')) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sharing Policy</CardTitle>
        <CardDescription>What everyone in your account may share outside it. Changes apply to links and shares already made.</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-48 w-full" />
        ) : isError || !policy ? (
          <p className="text-sm text-destructive">The sharing policy could not be read. {toApiError(error).message}</p>
        ) : (
          <PolicyForm policy={policy} />
        )}
      </CardContent>
    </Card>
  );
}

function SwitchRow({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="flex flex-col gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p className="text-sm text-muted-foreground">{hint}</p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}

const domainsText = (domains: readonly string[]) => domains.join(', ');
const domainsOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((d) => d.trim())
    .filter(Boolean);

function PolicyForm({ policy }: { policy: SharingPolicy }) {
  const { data: plan } = useAccountPlanQuery();
  const [update, { isLoading: saving }] = useUpdateSharingPolicyMutation();
  const [linksAllowed, setLinksAllowed] = useState(policy.linksAllowed);
  const [passwordRequired, setPasswordRequired] = useState(policy.passwordRequired);
  const [maxExpiry, setMaxExpiry] = useState(policy.maxExpiryDays === null ? '' : String(policy.maxExpiryDays));
  const [domains, setDomains] = useState(domainsText(policy.allowedEmailDomains));
  const [fieldError, setFieldError] = useState<{ field: 'maxExpiry' | 'domains'; message: string } | null>(null);
  const expiryOffered = plan?.features.hasLinkExpiry ?? false;

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    const days = maxExpiry.trim() === '' ? null : Number(maxExpiry);
    if (days !== null && (!Number.isInteger(days) || days < 1 || days > POLICY_MAX_EXPIRY_DAYS)) {
      setFieldError({ field: 'maxExpiry', message: `The maximum link expiry must be a whole number of days from 1 to ${POLICY_MAX_EXPIRY_DAYS}` });
      return;
    }
    try {
      const saved = await update({ linksAllowed, passwordRequired, maxExpiryDays: days, allowedEmailDomains: domainsOf(domains) }).unwrap();
      setDomains(domainsText(saved.allowedEmailDomains));
      toast({ title: 'Sharing policy saved', description: 'It applies to links and shares already made, too.' });
    } catch (error) {
      const { message } = toApiError(error);
      if (message && /domain/i.test(message)) setFieldError({ field: 'domains', message });
      failureToast('Failed to save the sharing policy', error);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void save(e)} aria-label="Sharing policy" className="flex flex-col gap-5">
      <SwitchRow
        label="Allow links to files"
        hint={linksAllowed ? 'On: people can make links that anyone with them can open.' : 'Off: no new links, and existing links stop working.'}
        checked={linksAllowed}
        onChange={setLinksAllowed}
      />
      <SwitchRow
        label="Require a password on every link"
        hint={passwordRequired ? 'On: links without a password stop working until their owner gives them one (they are told).' : 'Off: each person chooses.'}
        checked={passwordRequired}
        onChange={setPasswordRequired}
      />
      <FormField
        label="Maximum link expiry (days)"
        type="number"
        inputMode="numeric"
        min={1}
        max={POLICY_MAX_EXPIRY_DAYS}
        placeholder={expiryOffered ? 'No maximum' : 'Pro and Enterprise plans'}
        disabled={!expiryOffered}
        value={maxExpiry}
        onChange={(e) => setMaxExpiry(e.target.value)}
        error={fieldError?.field === 'maxExpiry' ? fieldError.message : undefined}
      />
      <FormField
        label="Email shares only to these domains"
        placeholder="Any address (e.g. example.com, partner.co.uk)"
        value={domains}
        onChange={(e) => setDomains(e.target.value)}
        error={fieldError?.field === 'domains' ? fieldError.message : undefined}
      />
      <Button type="submit" disabled={saving} className="self-start">
        {saving && <Spinner label="Saving" className="size-4" />}
        Save Policy
      </Button>
    </form>
  );
}

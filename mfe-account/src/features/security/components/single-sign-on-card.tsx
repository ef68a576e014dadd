import { useState, type FormEvent } from 'react';
import { PLAN_REFUSALS, roleMay, type SingleSignOn } from '@coffer/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, FormField, Label, Skeleton, Spinner, Switch, toast } from '@coffer/ui';
import { useAccountPlanQuery, useGetProfileQuery } from '@coffer/web-core/store';
import { failureToast } from '../../../lib/failure-toast';
import {
  useGetSingleSignOnQuery,
  useRemoveSingleSignOnMutation,
  useSaveSingleSignOnMutation,
  useVerifySsoDomainMutation,
} from '../api/single-sign-on-settings-api';

/** Security tab, owners and admins: single sign-on with the company's OpenID provider (Pro and Enterprise). */
export function SingleSignOnCard() {
  const { data: profile } = useGetProfileQuery();
  const { data: plan } = useAccountPlanQuery();
  if (!profile || !roleMay(profile.role, 'manageTeam') || !plan) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Single Sign-On</CardTitle>
        <CardDescription>Your people sign in with your company&apos;s identity provider (OpenID Connect).</CardDescription>
      </CardHeader>
      <CardContent>
        {plan.features.hasAdvancedSecurity ? <SingleSignOnSettings /> : <p className="text-sm text-muted-foreground">{PLAN_REFUSALS.hasAdvancedSecurity}</p>}
      </CardContent>
    </Card>
  );
}

function SingleSignOnSettings() {
  const { data, isLoading, isError } = useGetSingleSignOnQuery();
  if (isLoading) return <Skeleton className="h-40 w-full" />;
  if (isError || !data) return <p className="text-sm text-muted-foreground">Single sign-on could not be read.</p>;
  // A new form for what was saved: its values start from there.
  return <SingleSignOnForm key={JSON.stringify(data.sso)} saved={data.sso} redirectUri={data.redirectUri} />;
}

function SingleSignOnForm({ saved, redirectUri }: { saved: SingleSignOn | null; redirectUri: string }) {
  const [issuer, setIssuer] = useState(saved?.issuer ?? '');
  const [clientId, setClientId] = useState(saved?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(saved?.domains.join(', ') ?? '');
  const [createUsers, setCreateUsers] = useState(saved?.createUsers ?? false);
  const [ssoOnly, setSsoOnly] = useState(saved?.ssoOnly ?? false);
  const [save, { isLoading: saving }] = useSaveSingleSignOnMutation();
  const [remove, { isLoading: removing }] = useRemoveSingleSignOnMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save({
        issuer,
        clientId,
        ...(clientSecret ? { clientSecret } : {}),
        domains: domains.split(/[\s,]+/).filter(Boolean),
        createUsers,
        ssoOnly,
      }).unwrap();
      toast({ title: 'Single sign-on saved', description: 'Verify each domain below: only verified domains sign in with single sign-on.' });
    } catch (error) {
      failureToast('Failed to save single sign-on', error);
    }
  };
  const turnOff = async () => {
    try {
      await remove().unwrap();
      toast({ title: 'Single sign-on turned off', description: 'Everyone signs in with their password again.' });
    } catch (error) {
      failureToast('Failed to turn single sign-on off', error);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Single sign-on" className="flex flex-col gap-4">
      <FormField
        label="Issuer URL"
        name="issuer"
        type="url"
        placeholder="https://login.example.com"
        value={issuer}
        onChange={(e) => setIssuer(e.target.value)}
      />
      <FormField label="Client ID" name="clientId" value={clientId} onChange={(e) => setClientId(e.target.value)} autoComplete="off" />
      <FormField
        label="Client secret"
        name="clientSecret"
        type="password"
        autoComplete="new-password"
        placeholder={saved ? 'Saved: leave empty to keep it' : ''}
        value={clientSecret}
        onChange={(e) => setClientSecret(e.target.value)}
      />
      <FormField label="Email domains" name="domains" placeholder="example.com, example.org" value={domains} onChange={(e) => setDomains(e.target.value)} />
      {saved && saved.verifications.length > 0 && <DomainVerifications verifications={saved.verifications} />}
      <div className="flex flex-col gap-1 text-sm text-muted-foreground">
        <span>Redirect URI to register with your provider:</span>
        <code className="rounded bg-muted px-2 py-1 break-all text-foreground">{redirectUri}</code>
      </div>
      <Toggle
        id="sso-create-users"
        label="Create users for these domains on first sign-in"
        hint="New people of your domains join as members the first time they sign in."
        checked={createUsers}
        onChange={setCreateUsers}
      />
      <Toggle
        id="sso-only"
        label="Single sign-on is the only way in for these domains"
        hint="Their passwords stop working; the account owner keeps theirs."
        checked={ssoOnly}
        onChange={setSsoOnly}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving}>
          {saving && <Spinner label="Saving" className="size-4" />}
          {saving ? 'Checking your provider...' : 'Save'}
        </Button>
        {saved && (
          <Button type="button" variant="outline" disabled={removing} onClick={() => void turnOff()}>
            Turn off
          </Button>
        )}
      </div>
    </form>
  );
}

type DomainVerification = SingleSignOn['verifications'][number];

/** Each saved domain: verified, or the TXT record that proves it is yours and a button to check it. */
function DomainVerifications({ verifications }: { verifications: DomainVerification[] }) {
  return (
    <section aria-label="Domain verification" className="flex flex-col gap-2">
      <h3 className="text-sm font-medium">Domain verification</h3>
      <p className="text-sm text-muted-foreground">
        Only verified domains sign in with single sign-on. To verify a domain, add its TXT record at your DNS provider, then select Verify.
      </p>
      <ul className="flex flex-col gap-2">
        {verifications.map((v) => (
          <DomainVerificationRow key={v.domain} verification={v} />
        ))}
      </ul>
    </section>
  );
}

function DomainVerificationRow({ verification: v }: { verification: DomainVerification }) {
  const [verify, { isLoading: verifying }] = useVerifySsoDomainMutation();
  const check = async () => {
    try {
      await verify({ domain: v.domain }).unwrap();
      toast({ title: `${v.domain} verified`, description: 'People of this domain now see the SSO button when they sign in.' });
    } catch (error) {
      failureToast(`${v.domain} is not verified yet`, error);
    }
  };
  return (
    <li className="flex flex-col gap-2 rounded-md border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium break-all">{v.domain}</span>
        {v.verified ? <Badge variant="secondary">Verified</Badge> : <Badge variant="outline">Not verified</Badge>}
      </div>
      {!v.verified && (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Type</dt>
            <dd>TXT</dd>
            <dt className="text-muted-foreground">Name</dt>
            <dd>
              <code className="rounded bg-muted px-1 break-all">{v.txtName}</code>
            </dd>
            <dt className="text-muted-foreground">Value</dt>
            <dd>
              <code className="rounded bg-muted px-1 break-all">{v.txtValue}</code>
            </dd>
          </dl>
          <div>
            <Button type="button" variant="outline" size="sm" disabled={verifying} aria-label={`Verify ${v.domain}`} onClick={() => void check()}>
              {verifying && <Spinner label="Checking DNS" className="size-4" />}
              {verifying ? 'Checking DNS...' : 'Verify'}
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

function Toggle({ id, label, hint, checked, onChange }: { id: string; label: string; hint: string; checked: boolean; onChange: (on: boolean) => void }) {
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

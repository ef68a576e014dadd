import { useState, type FormEvent } from 'react';
import { Copy, Download, Eye, Link2, Link2Off, SlidersHorizontal } from 'lucide-react';
import { Button, FormField, toast } from '@coffer/ui';
import { useAccountPlanQuery } from '@coffer/web-core/store';
import { formatRelativeTime } from '@coffer/web-core/format';
import { createLinkSchema, parseAllowedIps, updateLinkSchema, type AccountPlan, type CreatedLink, type LinkItem } from '@coffer/contracts';
import { planFeatures, type PlanFeatures } from '@coffer/plans';
import { useCreateLinkMutation, useLinkAccessesQuery, useListLinksQuery, useRevokeLinkMutation, useUpdateLinkMutation } from '../api/links-api';
import { describeRestrictions, restrictionValues } from '../lib/restrictions';
import { failureToast } from '../../../lib/open-link';
import { AccessLine } from './share-access-history';

type Field = 'password' | 'expiresInDays' | 'maxDownloads' | 'allowedIps';
const EMPTY: Record<Field, string> = { password: '', expiresInDays: '', maxDownloads: '', allowedIps: '' };

/** Which of a link's options the plan has (product decisions: a password on every paid plan; the rest as the share's). */
function linkOptions(plan: AccountPlan | undefined) {
  const features: PlanFeatures = plan?.features ?? planFeatures(null);
  const paid = plan !== undefined && plan.status !== 'none' && plan.planType !== null && plan.planType !== 'trial';
  return { password: paid, expiresInDays: features.hasLinkExpiry, maxDownloads: features.hasAdvancedSecurity, allowedIps: features.hasIpRestriction };
}

const OPTIONS: Array<{ field: Field; label: string; placeholder: string; numeric?: boolean }> = [
  { field: 'password', label: 'Link password', placeholder: 'Leave empty for no password' },
  { field: 'expiresInDays', label: 'Link expires after (days)', placeholder: 'No expiry', numeric: true },
  { field: 'maxDownloads', label: 'Maximum downloads', placeholder: 'Unlimited', numeric: true },
  { field: 'allowedIps', label: 'Allowed IP addresses', placeholder: '203.0.113.7, 198.51.100.0/24' },
];

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** The link's address as the visitor opens it. */
const absolute = (url: string) => new URL(url, window.location.origin).toString();

/** A link's restrictions in a few words ("Password · Expires 3/1/2027 · 2 of 5 downloads · IP restricted"). */
export function describeLink(link: LinkItem): string {
  const parts = describeRestrictions({ ...link, maxAccessCount: null, accessCount: 0 });
  if (link.maxDownloads !== null) parts.splice(link.expiresAt ? 1 : 0, 0, `${link.downloadCount} of ${link.maxDownloads} views and downloads`);
  return [link.hasPassword ? 'Password' : 'No password', ...parts].join(' · ');
}

/**
 * "Anyone with the link" in the Share File dialog: make a link for people without a Coffer account (with
 * the options the plan has), copy it (shown once: only its fingerprint is kept), and see, change and turn
 * off the file's links, each with its opens and downloads.
 */
export function LinkSection({ fileId, isFolder = false }: { fileId: string; isFolder?: boolean }) {
  const noun = isFolder ? 'folder' : 'file';
  const plan = useAccountPlanQuery().data;
  const allowed = linkOptions(plan);
  // Visitors open and download while the dialog is closed: read afresh each time it opens.
  const links = useListLinksQuery(fileId, { refetchOnMountOrArgChange: true }).data?.items ?? [];
  const [createLink, { isLoading: creating }] = useCreateLinkMutation();
  const [updateLink, { isLoading: saving }] = useUpdateLinkMutation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [editing, setEditing] = useState<LinkItem | null>(null);
  const [made, setMade] = useState<CreatedLink | null>(null);

  const request = () => ({
    ...(allowed.password && values.password !== '' ? { password: values.password } : {}),
    expiresInDays: allowed.expiresInDays ? numberOrNull(values.expiresInDays) : null,
    maxDownloads: allowed.maxDownloads ? numberOrNull(values.maxDownloads) : null,
    allowedIps: allowed.allowedIps ? parseAllowedIps(values.allowedIps) : null,
  });
  const reset = () => {
    setValues(EMPTY);
    setErrors({});
    setEditing(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = request();
    const checked = editing ? updateLinkSchema.safeParse(body) : createLinkSchema.safeParse({ fileId, ...body });
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [issue.path[0], issue.message])));
      return;
    }
    try {
      if (editing) {
        await updateLink({ id: editing.id, ...body }).unwrap();
        toast({ title: 'Link updated' });
      } else {
        setMade(await createLink({ fileId, ...body }).unwrap());
      }
      reset();
    } catch (error) {
      failureToast(editing ? 'Failed to update link' : 'Failed to create link', error);
    }
  };

  const change = (link: LinkItem) => {
    setMade(null);
    setErrors({});
    setEditing(link);
    const current = restrictionValues({ ...link, maxAccessCount: link.maxDownloads });
    setValues({ password: '', expiresInDays: current.expiresInDays, maxDownloads: current.maxAccessCount, allowedIps: current.allowedIps });
  };

  return (
    <section aria-label="Anyone with the link" className="flex flex-col gap-3 border-t border-border pt-4">
      <div>
        <h3 className="flex items-center gap-2 text-sm font-medium">
          <Link2 aria-hidden className="size-4" />
          Anyone with the link
        </h3>
        <p className="text-xs text-muted-foreground">
          People without a Coffer account can view and download this {noun}
          {isFolder ? "'s files" : ''} from a page in your branding.
        </p>
      </div>
      {made && <CreatedLinkBox url={made.url} />}
      <form noValidate className="flex flex-col gap-3" aria-label={editing ? 'Change link' : 'Create link'} onSubmit={(event) => void submit(event)}>
        {OPTIONS.filter((option) => allowed[option.field]).map((option) => (
          <FormField
            key={option.field}
            label={option.label}
            placeholder={editing?.hasPassword && option.field === 'password' ? 'Leave empty to keep the password' : option.placeholder}
            autoComplete={option.field === 'password' ? 'new-password' : 'off'}
            type={option.field === 'password' ? 'password' : 'text'}
            {...(option.numeric ? { inputMode: 'numeric' as const } : {})}
            value={values[option.field]}
            error={errors[option.field]}
            onChange={(event) => setValues((v) => ({ ...v, [option.field]: event.target.value }))}
          />
        ))}
        <div className="flex flex-wrap justify-end gap-2">
          {editing?.hasPassword && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={saving}
              onClick={() =>
                void updateLink({ id: editing.id, password: null })
                  .unwrap()
                  .then(
                    () => {
                      toast({ title: 'Password removed' });
                      reset();
                    },
                    (error: unknown) => failureToast('Failed to update link', error),
                  )
              }
            >
              Remove password
            </Button>
          )}
          {editing && (
            <Button type="button" variant="outline" size="sm" onClick={reset}>
              Cancel
            </Button>
          )}
          <Button type="submit" size="sm" disabled={creating || saving}>
            {editing ? 'Save link' : creating ? 'Creating...' : 'Create link'}
          </Button>
        </div>
      </form>
      {links.length > 0 && (
        <ul aria-label={`Links to this ${noun}`} className="flex flex-col gap-2">
          {links.map((link) => (
            <LinkRow key={link.id} link={link} onChange={() => change(link)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A link (or file request) just made: its address to copy, shown this once. */
export function CreatedLinkBox({ url, title = 'Link created', label = 'Link address' }: { url: string; title?: string; label?: string }) {
  const address = absolute(url);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      toast({ title: 'Link copied' });
    } catch {
      toast({ variant: 'destructive', title: 'Failed to copy link', description: 'Select the link and copy it.' });
    }
  };
  return (
    <div role="status" className="flex flex-col gap-2 rounded-md bg-muted p-3 text-sm">
      <p className="font-medium">{title}</p>
      <div className="flex gap-2">
        <input
          readOnly
          aria-label={label}
          value={address}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-border bg-background px-2 py-1 font-mono text-xs"
        />
        <Button type="button" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden />
          Copy
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">Copy it now: Coffer keeps only a fingerprint of it, so it is shown this once.</p>
    </div>
  );
}

/** One of the file's links: its options, opens and downloads, Change and Turn off. */
function LinkRow({ link, onChange }: { link: LinkItem; onChange: () => void }) {
  const [revokeLink, { isLoading: revoking }] = useRevokeLinkMutation();
  const [showAccesses, setShowAccesses] = useState(false);
  const made = formatRelativeTime(link.createdAt);
  const revoke = () =>
    void revokeLink(link.id)
      .unwrap()
      .then(
        () => toast({ title: 'Link turned off' }),
        (error: unknown) => failureToast('Failed to turn off link', error),
      );
  return (
    <li className="flex flex-col gap-1 rounded-md border border-border p-2 text-sm">
      <div className="flex items-center justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p>Link made {made}</p>
          <p className="text-xs text-muted-foreground">{describeLink(link)}</p>
          <button type="button" className="text-xs text-muted-foreground underline" onClick={() => setShowAccesses((v) => !v)} aria-expanded={showAccesses}>
            {link.openCount} {link.openCount === 1 ? 'open' : 'opens'} · {link.downloadCount}{' '}
            {link.downloadCount === 1 ? 'view or download' : 'views and downloads'}
          </button>
        </div>
        <div className="flex shrink-0 flex-col items-end sm:flex-row">
          <Button variant="ghost" size="sm" aria-label={`Change the link made ${made}`} onClick={onChange}>
            <SlidersHorizontal aria-hidden />
            Change
          </Button>
          <Button variant="ghost" size="sm" disabled={revoking} aria-label={`Turn off the link made ${made}`} onClick={revoke}>
            <Link2Off aria-hidden />
            Turn off
          </Button>
        </div>
      </div>
      {showAccesses && <LinkAccesses linkId={link.id} />}
    </li>
  );
}

const KIND = { open: { label: 'Opened', Icon: Link2 }, inline: { label: 'Viewed', Icon: Eye }, attachment: { label: 'Downloaded', Icon: Download } } as const;

/** A link's opens, views and downloads, newest first: when and from which IP. */
function LinkAccesses({ linkId }: { linkId: string }) {
  const accesses = useLinkAccessesQuery(linkId, { refetchOnMountOrArgChange: true }).data?.items;
  if (!accesses) return null;
  if (accesses.length === 0) return <p className="text-xs text-muted-foreground">Not opened yet</p>;
  return (
    <ul aria-label="Link activity" className="flex max-h-32 flex-col gap-1 overflow-y-auto">
      {accesses.map((access) => (
        <AccessLine key={access.id} {...KIND[access.kind]} accessedAt={access.accessedAt} clientIp={access.clientIp} />
      ))}
    </ul>
  );
}

import { useState } from 'react';
import { accountLinkRestrictions, roleMay, type AccountLink } from '@coffer/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton, toast } from '@coffer/ui';
import { toApiError, useGetProfileQuery } from '@coffer/web-core/store';
import { failureToast } from '../../../lib/failure-toast';
import { longDate } from '../../../lib/plan-display';
import { saveFile } from '../../../lib/save-file';
import { useExportAccountLinksMutation, useListAccountLinksQuery, useRevokeAccountLinkMutation } from '../api/account-links-api';

const kindOf = (row: AccountLink) => (row.type === 'file_request' ? 'File request' : row.itemKind === 'folder' ? 'Folder link' : 'File link');
const useOf = (row: AccountLink) =>
  row.type === 'file_request'
    ? `${row.uploads} file${row.uploads === 1 ? '' : 's'} received`
    : `${row.opens} open${row.opens === 1 ? '' : 's'} · ${row.downloads} download${row.downloads === 1 ? '' : 's'}`;

function LinkRow({ row }: { row: AccountLink }) {
  const [revoke, { isLoading }] = useRevokeAccountLinkMutation();
  const what = `${kindOf(row).toLowerCase()} to ${row.itemName}`;
  const submit = async () => {
    try {
      await revoke({ type: row.type, id: row.id }).unwrap();
      toast({ title: row.type === 'link' ? 'Link revoked' : 'File request turned off', description: row.itemName });
    } catch (error) {
      failureToast('Could not revoke', error, 'Please try again');
    }
  };
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:gap-4">
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{kindOf(row)}</Badge>
          <span className="min-w-0 font-medium break-all">{row.itemName}</span>
        </div>
        {row.title && <p className="break-words text-muted-foreground">{row.title}</p>}
        <p className="break-words text-muted-foreground">
          Made by {row.createdBy.name} on {longDate(row.createdAt)} · {row.expiresAt ? `Expires ${longDate(row.expiresAt)}` : 'Never expires'}
        </p>
        <p className="break-words text-muted-foreground">Restrictions: {accountLinkRestrictions(row)}</p>
        <p className="break-words text-muted-foreground">{useOf(row)}</p>
      </div>
      <Button type="button" variant="outline" size="sm" className="self-start" disabled={isLoading} aria-label={`Revoke ${what}`} onClick={() => void submit()}>
        {isLoading ? 'Revoking...' : 'Revoke'}
      </Button>
    </li>
  );
}

/** One page of the list; the last page shown offers the next. */
function LinksPage({ after, last, onMore }: { after: string | undefined; last: boolean; onMore: (next: string) => void }) {
  const { data, isLoading, isError, error } = useListAccountLinksQuery(after);
  if (isLoading) return <Skeleton className="h-24 w-full" />;
  if (isError || !data)
    return (
      <p className="text-sm text-destructive" role="alert">
        {toApiError(error).message ?? 'The links could not be read.'}
      </p>
    );
  if (!after && data.items.length === 0) return <p className="text-sm text-muted-foreground">No active links or file requests</p>;
  return (
    <>
      <ul className="flex flex-col divide-y divide-border" aria-label={after ? 'More links' : 'Active links'}>
        {data.items.map((row) => (
          <LinkRow key={row.id} row={row} />
        ))}
      </ul>
      {last && data.next && (
        <Button type="button" variant="outline" className="self-center" onClick={() => onMore(data.next!)}>
          Show more
        </Button>
      )}
    </>
  );
}

/** Settings → Permissions, owners and admins: every active link and file request in the account, to review, revoke and export. */
export function AccountLinksCard() {
  const { data: profile } = useGetProfileQuery();
  const [pages, setPages] = useState<(string | undefined)[]>([undefined]);
  const [exportLinks, { isLoading: exporting }] = useExportAccountLinksMutation();
  if (!profile || !roleMay(profile.role, 'viewAccountLinks')) return null;

  const download = async () => {
    try {
      saveFile(await exportLinks().unwrap(), `coffer-links-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      failureToast('Export failed', error, 'Please try again');
    }
  };

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Links</CardTitle>
          <CardDescription>Every link and file request open in your account: who made it, its restrictions and how much it was used.</CardDescription>
        </div>
        <Button type="button" variant="outline" className="shrink-0" disabled={exporting} onClick={() => void download()}>
          {exporting ? 'Exporting...' : 'Export CSV'}
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {pages.map((after, i) => (
          <LinksPage key={after ?? 'first'} after={after} last={i === pages.length - 1} onMore={(next) => setPages((all) => [...all, next])} />
        ))}
      </CardContent>
    </Card>
  );
}

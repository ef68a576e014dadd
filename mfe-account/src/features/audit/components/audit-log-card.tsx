import { useState, type FormEvent } from 'react';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label } from '@coffer/ui';
import { toApiError } from '@coffer/web-core/store';
import { formatRelativeTime } from '@coffer/web-core/format';
import { failureToast } from '../../../lib/failure-toast';
import { useNow } from '../../../lib/use-now';
import { useExportAuditLogsMutation, useListAuditLogsQuery } from '../api/audit-api';
import { saveFile } from '../../../lib/save-file';
import { auditBadgeVariant, auditDetails, isoDay } from '../lib/audit-display';

const DAY_MS = 86_400_000;

/** Export a range of days as CSV (every entry, streamed by the server). */
function AuditExport() {
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 30 * DAY_MS)));
  const [to, setTo] = useState(() => isoDay(new Date()));
  const [exportLogs, { isLoading }] = useExportAuditLogsMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (from > to) {
      failureToast('Export failed', undefined, 'The start date must be on or before the end date');
      return;
    }
    try {
      saveFile(await exportLogs({ from, to }).unwrap(), `coffer-audit-log-${from}-to-${to}.csv`);
    } catch (error) {
      failureToast('Export failed', error, 'Please try again');
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-3" aria-label="Export audit log">
      <div className="grid gap-1.5">
        <Label htmlFor="audit-from">From</Label>
        <Input id="audit-from" type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} required className="w-40" />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="audit-to">To</Label>
        <Input id="audit-to" type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} required className="w-40" />
      </div>
      <Button type="submit" variant="outline" disabled={isLoading}>
        {isLoading ? 'Exporting...' : 'Export CSV'}
      </Button>
    </form>
  );
}

/** Settings → Audit Logs (spec §2): the latest 50 entries of the account, and the CSV export. */
export function AuditLogCard() {
  const { data, isLoading, isError, error } = useListAuditLogsQuery();
  const now = useNow();
  const items = data?.items ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit Logs</CardTitle>
        <CardDescription>Every create, upload, move, share, revoke, delete and sign-in in your account.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <AuditExport />
        {isLoading ? (
          <p className="text-sm text-muted-foreground">Loading logs...</p>
        ) : isError ? (
          <p className="text-sm text-destructive" role="alert">
            {toApiError(error).message ?? 'Failed to load audit logs'}
          </p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No audit logs yet</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border" aria-label="Audit log">
            {items.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:gap-3">
                <Badge variant={auditBadgeVariant(entry.action)}>{entry.action}</Badge>
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-medium capitalize">{entry.resourceType}</p>
                  <p className="break-words text-muted-foreground">{auditDetails(entry)}</p>
                  <p className="text-xs break-words text-muted-foreground">{[entry.actorName ?? 'Someone', entry.ipAddress].filter(Boolean).join(' · ')}</p>
                </div>
                <time dateTime={entry.createdAt} className="shrink-0 text-xs whitespace-nowrap text-muted-foreground">
                  {formatRelativeTime(entry.createdAt, now)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

import { Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from '@coffer/ui';
import { formatBytes } from '@coffer/web-core/format';
import { toApiError } from '@coffer/web-core/store';
import { useListTeamQuery, useMemberStorageQuery } from '../api/team-api';

/** A list of what each one stores, a name and its bytes a line. */
function StorageRows({ label, rows }: { label: string; rows: { key: string; name: string; bytes: number }[] }) {
  return (
    <ul aria-label={label} className="flex flex-col divide-y divide-border">
      {rows.map((row) => (
        <li key={row.key} className="flex items-center justify-between gap-3 py-2 text-sm">
          <span className="min-w-0 break-all">{row.name}</span>
          <span className="shrink-0 text-muted-foreground tabular-nums">{formatBytes(row.bytes)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Settings → Storage, for the owner and admins: how much each person keeps in their My files, and each team folder holds (trash included), largest first. */
export function MemberStorage() {
  const usage = useMemberStorageQuery();
  const team = useListTeamQuery();
  if (usage.isLoading || team.isLoading) return <Skeleton className="h-24 w-full" />;
  const names = new Map<string, string>();
  if (team.data) {
    names.set(team.data.owner.userId, team.data.owner.fullName || team.data.owner.email);
    for (const m of team.data.items) if (m.userId) names.set(m.userId, m.fullName || m.email);
  }
  const bytes = new Map((usage.data?.items ?? []).map((i) => [i.userId, i.bytes]));
  // Everyone in the team, with nothing stored shown as 0 B; the largest first.
  const rows = [...names].map(([userId, name]) => ({ userId, name, bytes: bytes.get(userId) ?? 0 })).sort((a, b) => b.bytes - a.bytes);
  const teamFolders = usage.data?.teamFolders ?? [];
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Storage by member</CardTitle>
          <CardDescription>What each person keeps in their My files, trash included.</CardDescription>
        </CardHeader>
        <CardContent>
          {usage.isError || team.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {toApiError(usage.error ?? team.error).message ?? 'Failed to load storage by member'}
            </p>
          ) : (
            <StorageRows label="Storage by member" rows={rows.map((row) => ({ key: row.userId, ...row }))} />
          )}
        </CardContent>
      </Card>
      {teamFolders.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Storage by team folder</CardTitle>
            <CardDescription>What each team folder holds, trash included.</CardDescription>
          </CardHeader>
          <CardContent>
            <StorageRows label="Storage by team folder" rows={teamFolders.map((folder) => ({ key: folder.id, ...folder }))} />
          </CardContent>
        </Card>
      )}
    </>
  );
}

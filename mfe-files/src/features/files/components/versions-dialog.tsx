import { Download, RotateCcw } from 'lucide-react';
import { Badge, Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, toast } from '@coffer/ui';
import { useSession } from '@coffer/web-core';
import { formatFileSize } from '@coffer/web-core/format';
import { toApiError } from '@coffer/web-core/store';
import type { FileItem, FileVersion } from '@coffer/contracts';
import { useFileLinkMutation } from '../../../api/file-link-api';
import { useAccessPeopleQuery } from '../../../api/team-folders-api';
import { downloadFile, failureToast } from '../../../lib/open-link';
import { useFileVersionsQuery, useRestoreVersionMutation, useVersionLinkMutation } from '../../../api/versions-api';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The versions of one file: who uploaded each and when, its size; Download for each, Restore for those who may edit. */
function VersionList({ file }: { file: FileItem }) {
  const { data, error } = useFileVersionsQuery(file.id);
  const people = useAccessPeopleQuery().data?.items ?? [];
  const me = useSession().user?.id;
  const [versionLink] = useVersionLinkMutation();
  const [fileLink] = useFileLinkMutation();
  const [restoreVersion, restoring] = useRestoreVersionMutation();
  if (error) return <p className="text-sm text-destructive">{toApiError(error).message ?? 'The versions could not be read.'}</p>;
  if (!data) return <p className="text-sm text-muted-foreground">Loading…</p>;

  const who = (userId: string) => {
    if (userId === me) return 'You';
    const person = people.find((m) => m.userId === userId);
    return person ? person.fullName || person.email : 'Someone';
  };
  // The current version is the file itself: its own Download.
  const download = (v: FileVersion) =>
    downloadFile(
      async () =>
        (v.current
          ? await fileLink({ fileId: file.id, disposition: 'attachment' }).unwrap()
          : await versionLink({ fileId: file.id, versionId: v.id, disposition: 'attachment' }).unwrap()
        ).url,
      data.name,
    );
  const restore = async (v: FileVersion) => {
    try {
      await restoreVersion({ fileId: file.id, versionId: v.id }).unwrap();
      toast({ title: 'Version restored' });
    } catch (err) {
      failureToast('Failed to restore version', err);
    }
  };

  return (
    <ul aria-label={`Versions of ${data.name}`} className="flex flex-col gap-2">
      {data.items.map((v) => (
        <li key={v.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-2">
          <span className="flex min-w-0 flex-col">
            <span className="flex items-center gap-2 text-sm font-medium">
              {when(v.addedAt)}
              {v.current && <Badge variant="secondary">Current</Badge>}
            </span>
            <span className="text-xs text-muted-foreground">
              {who(v.addedBy)} · {formatFileSize(v.size)}
            </span>
          </span>
          <span className="flex shrink-0 gap-1">
            <Button type="button" size="sm" variant="outline" aria-label={`Download the version of ${when(v.addedAt)}`} onClick={() => void download(v)}>
              <Download aria-hidden />
              Download
            </Button>
            {data.canRestore && !v.current && (
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={restoring.isLoading}
                aria-label={`Restore the version of ${when(v.addedAt)}`}
                onClick={() => void restore(v)}
              >
                <RotateCcw aria-hidden />
                Restore
              </Button>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** "Versions" of a file's menu: its current version and the earlier ones kept. Open while `item` is set. */
export function VersionsDialog({ item, onClose }: { item: FileItem | null; onClose: () => void }) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Versions</DialogTitle>
          <DialogDescription className="break-all">{item?.name}</DialogDescription>
        </DialogHeader>
        {item && <VersionList file={item} />}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import { useState } from 'react';
import { useParams } from '@coffer/web-core/router';
import { Share2 } from 'lucide-react';
import { Button, Spinner } from '@coffer/ui';
import type { ShareDirection, ShareItem } from '@coffer/contracts';
import { useShareList } from '../features/sharing/hooks/use-share-list';
import { ShowMore } from '../features/sharing/components/show-more';
import { SharedFileCard } from '../features/sharing/components/shared-file-card';
import { ShareDialog } from '../features/sharing/components/share-dialog';
import { useConfirmAddress } from '../features/sharing/hooks/use-confirm-address';
import { useFilePreview, type PreviewTarget } from '../hooks/use-file-preview';
import { FilePreviewDialog } from '../components/file-preview-dialog';
import { SharedFolderPage } from './shared-folder-page';

const SECTIONS: Array<{ direction: ShareDirection; title: string; empty: string }> = [
  { direction: 'with-me', title: 'Shared with you', empty: 'When someone shares a file or folder with your email address, it appears here.' },
  { direction: 'by-me', title: 'Shared by you', empty: 'Share a file or folder from its menu in Files, and it appears here.' },
];

/**
 * /dashboard/shared: files and folders shared with you and by you (and the share email's link, which confirms your
 * address); /dashboard/shared/:folderId: a folder shared with you, or one inside it.
 */
export function SharedFilesPage() {
  const { folderId } = useParams();
  if (folderId) return <SharedFolderPage folderId={folderId} />;
  return <SharedLists />;
}

function SharedLists() {
  useConfirmAddress();
  const [sharing, setSharing] = useState<ShareItem | null>(null);
  const preview = useFilePreview();
  const view = (target: PreviewTarget) => void preview.view(target);
  return (
    <div className="flex flex-col gap-8">
      {SECTIONS.map((section) => (
        <SharedSection key={section.direction} {...section} onShare={setSharing} onView={view} />
      ))}
      <FilePreviewDialog preview={preview} />
      <ShareDialog file={sharing && { id: sharing.fileId, name: sharing.fileName, isFolder: sharing.kind === 'folder' }} onClose={() => setSharing(null)} />
    </div>
  );
}

function SharedSection({
  direction,
  title,
  empty,
  onShare,
  onView,
}: (typeof SECTIONS)[number] & { onShare: (share: ShareItem) => void; onView: (target: PreviewTarget) => void }) {
  const list = useShareList({ direction });
  const { isLoading, isError, isFetching, refetch } = list;
  const headingId = `shared-${direction}`;
  let body;
  if (isLoading) {
    body = (
      <div className="flex items-center gap-2 py-6 text-muted-foreground">
        <Spinner label="Loading shared files" />
        <span>Loading files...</span>
      </div>
    );
  } else if (isError) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-border bg-background p-6">
        <p className="font-medium text-destructive">Failed to load files</p>
        <Button variant="outline" size="sm" disabled={isFetching} onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (list.shares.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border bg-background px-4 py-10 text-center">
        <Share2 aria-hidden className="size-8 text-muted-foreground" />
        <p className="text-sm text-muted-foreground">
          {list.loaded && !list.emailConfirmed
            ? 'Confirm your email address to see files shared with you: open the link in the email that told you of a share, or in the one we sent when you signed up.'
            : empty}
        </p>
      </div>
    );
  } else {
    body = (
      <>
        <ul aria-labelledby={headingId} className="grid grid-cols-[repeat(auto-fill,minmax(15rem,1fr))] gap-4">
          {list.shares.map((share) => (
            <li key={share.id}>
              <SharedFileCard share={share} onShare={onShare} onView={onView} />
            </li>
          ))}
        </ul>
        <ShowMore list={list} />
      </>
    );
  }
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {body}
    </section>
  );
}

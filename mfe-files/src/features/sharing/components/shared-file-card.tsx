import { Download, Eye, FolderOpen, Share2, UserX } from 'lucide-react';
import { Link } from '@coffer/web-core/router';
import { Badge, Card, cn, DropdownMenuItem, DropdownMenuSeparator } from '@coffer/ui';
import { formatFileSize } from '@coffer/web-core/format';
import type { ShareItem } from '@coffer/contracts';
import { DISPLAY_TYPE_ICONS, DISPLAY_TYPE_LABELS, displayTypeOf } from '../../../lib/file-types';
import { COVERING_TITLE, ItemCardHeader } from '../../../components/item-card-header';
import { downloadFile } from '../../../lib/open-link';
import type { PreviewTarget } from '../../../hooks/use-file-preview';
import { useShareLinkMutation } from '../api/sharing-api';
import { useRevokeShare } from '../../../hooks/use-revoke-share';
import { describeRestrictions } from '../lib/restrictions';
import { useFileLinkMutation } from '../../../api/file-link-api';
import { sharedFolderLink } from '../lib/shared-folder-link';
import { SHARE_LEVEL_LABELS } from './share-dialog';

interface SharedFileCardProps {
  share: ShareItem;
  /** By me: opens the Share File dialog of the file (add people, revoke). */
  onShare: (share: ShareItem) => void;
  /** "View": the preview dialog (or a download, for a type it cannot show). */
  onView: (target: PreviewTarget) => void;
}

/**
 * A card of the Shared tab. A file shared with me opens through the share, so
 * its restrictions are checked and the open counted; a file I shared opens as
 * my own and offers Share and Revoke. A folder opens: one shared with me under
 * Shared (from the shared folder down), one I shared in Files.
 */
export function SharedFileCard({ share, onShare, onView }: SharedFileCardProps) {
  const [shareLink] = useShareLinkMutation();
  const [fileLink] = useFileLinkMutation();
  const { revokeShare } = useRevokeShare();
  const isFolder = share.kind === 'folder';
  const type = displayTypeOf({ isFolder, mimeType: share.mimeType });
  const folderHref = share.isOwner ? `/dashboard/files/${encodeURIComponent(share.fileId)}` : sharedFolderLink(share.fileId);
  const signedUrl = (disposition: 'inline' | 'attachment') => async () =>
    share.isOwner ? (await fileLink({ fileId: share.fileId, disposition }).unwrap()).url : (await shareLink({ shareId: share.id, disposition }).unwrap()).url;
  const restrictions = describeRestrictions(share);
  const view = () =>
    onView({
      name: share.fileName,
      mimeType: share.mimeType,
      size: share.fileSize,
      inlineUrl: signedUrl('inline'),
      attachmentUrl: signedUrl('attachment'),
      share: share.isOwner ? () => onShare(share) : undefined,
    });
  const who = share.isOwner ? `Shared with ${share.sharedWithEmail}` : `Shared by ${share.sharedByName}`;

  return (
    <Card data-testid="shared-file-card" role="group" aria-label={`${DISPLAY_TYPE_LABELS[type]} ${share.fileName}`} className="relative h-full">
      <ItemCardHeader
        icon={DISPLAY_TYPE_ICONS[type]}
        name={share.fileName}
        title={
          isFolder ? (
            // The link covers the card, so a click anywhere but the menu opens the folder.
            <Link to={folderHref} className={COVERING_TITLE}>
              {share.fileName}
            </Link>
          ) : (
            // As a folder's link: a click anywhere but the menu (or Enter on it) opens the file.
            <button type="button" className={cn(COVERING_TITLE, 'w-full cursor-pointer text-left')} onClick={view}>
              {share.fileName}
            </button>
          )
        }
        subtitle={isFolder ? SHARE_LEVEL_LABELS[share.level] : formatFileSize(share.fileSize)}
      >
        {isFolder ? (
          <DropdownMenuItem asChild>
            <Link to={folderHref}>
              <FolderOpen aria-hidden />
              Open
            </Link>
          </DropdownMenuItem>
        ) : (
          <>
            <DropdownMenuItem onSelect={view}>
              <Eye aria-hidden />
              View
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => void downloadFile(signedUrl('attachment'), share.fileName)}>
              <Download aria-hidden />
              Download
            </DropdownMenuItem>
          </>
        )}
        {share.isOwner && (
          <>
            <DropdownMenuItem onSelect={() => onShare(share)}>
              <Share2 aria-hidden />
              Share
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem className="text-destructive" onSelect={() => void revokeShare(share)}>
              <UserX aria-hidden />
              Revoke
            </DropdownMenuItem>
          </>
        )}
      </ItemCardHeader>
      <div className="-mt-2 flex flex-col gap-2 px-6 pb-5">
        <p className="text-sm break-all text-muted-foreground">{who}</p>
        <div className="flex flex-wrap gap-1.5">
          <Badge variant="secondary">Shared</Badge>
          {restrictions.map((text) => (
            <Badge key={text} variant={text === 'Expired' ? 'destructive' : 'outline'}>
              {text}
            </Badge>
          ))}
        </div>
      </div>
    </Card>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ChevronRight, Download, Eye, FileText, Folder, Lock } from 'lucide-react';
import { Button, FormField, Spinner } from '@coffer/ui';
import { toApiError } from '@coffer/web-core/store';
import { formatFileSize } from '@coffer/web-core/format';
import type { LinkPage } from '@coffer/contracts';
import { useLinkPageMutation, useOpenLinkMutation } from '../api/links-api';
import { downloadFile } from '../../../lib/open-link';
import { useFilePreview } from '../../../hooks/use-file-preview';
import { FilePreviewDialog } from '../../../components/file-preview-dialog';
import { companyOf, PublicFrame } from './public-frame';
import { DownloadAllButton } from './download-all-button';

type State = { status: 'loading' } | { status: 'refused'; message: string } | { status: 'ready'; page: LinkPage; password?: string };

/**
 * A link's public page (no sign-in): who shared what, in the sharer's branding (logo, colours, company
 * name), the password when the link has one, and View (the app's preview) and Download. The server
 * checks every restriction on each of them; what it refuses is said as it says it.
 */
export function PublicLinkView({ token }: { token: string }) {
  const [loadPage] = useLinkPageMutation();
  const [openLink] = useOpenLinkMutation();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [unlocking, setUnlocking] = useState(false);
  const preview = useFilePreview();
  const asked = useRef(false);

  useEffect(() => {
    // Once per visit: a person's first look is counted as an open.
    if (asked.current) return;
    asked.current = true;
    loadPage({ token })
      .unwrap()
      .then(
        (page) => setState({ status: 'ready', page }),
        (error: unknown) => setState({ status: 'refused', message: toApiError(error).message ?? 'This link could not be opened.' }),
      );
  }, [loadPage, token]);

  const page = state.status === 'ready' ? state.page : undefined;
  const given = state.status === 'ready' ? state.password : undefined;
  useEffect(() => {
    const name = page?.file?.name;
    document.title = name ? `${name} · shared by ${page.sharedByName}` : `${page?.sharedByName ?? 'Someone'} shared a file with you`;
  }, [page]);

  const unlock = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setPasswordError('Enter the password to open this link');
      return;
    }
    setUnlocking(true);
    try {
      const unlocked = await loadPage({ token, password }).unwrap();
      setPasswordError(undefined);
      setState({ status: 'ready', page: unlocked, password });
    } catch (error) {
      setPasswordError(toApiError(error).message ?? 'That password is not right');
    } finally {
      setUnlocking(false);
    }
  };

  const urlFor = (disposition: 'inline' | 'attachment', fileId?: string) => async () =>
    (await openLink({ token, password: given, disposition, fileId }).unwrap()).url;
  const file = page?.file;
  const folder = page?.folder;
  const target = file && { name: file.name, mimeType: file.mimeType, size: file.size, inlineUrl: urlFor('inline'), attachmentUrl: urlFor('attachment') };
  /** A folder link: goes into a folder of it (or back up), listed by the server with the password given. */
  const goTo = async (folderId: string) => {
    try {
      const next = await loadPage({ token, password: given, folderId }).unwrap();
      setState({ status: 'ready', page: next, password: given });
    } catch (error) {
      setState({ status: 'refused', message: toApiError(error).message ?? 'This link could not be opened.' });
    }
  };
  /** A folder link's next page of the folder open now, added below what is listed. */
  const showMore = async () => {
    if (!folder?.next) return;
    try {
      const next = await loadPage({ token, password: given, folderId: folder.path[folder.path.length - 1].id, after: folder.next }).unwrap();
      const items = [...folder.items, ...(next.folder?.items ?? [])];
      setState({ status: 'ready', page: { ...next, folder: next.folder && { ...next.folder, items } }, password: given });
    } catch (error) {
      setState({ status: 'refused', message: toApiError(error).message ?? 'This link could not be opened.' });
    }
  };
  const company = companyOf(page?.branding);

  return (
    <>
      <PublicFrame branding={page?.branding} wide={Boolean(folder)}>
        {state.status === 'loading' && <Spinner label="Opening link" />}
        {state.status === 'refused' && (
          <div role="alert" className="flex flex-col gap-2 text-center">
            <h1 className="text-xl font-semibold">This link cannot be opened</h1>
            <p className="text-muted-foreground">{state.message}</p>
          </div>
        )}
        {page && (
          <>
            <div className="flex flex-col gap-1">
              <h1 className="text-xl font-semibold break-words">
                {file
                  ? `${page.sharedByName} shared “${file.name}” with you`
                  : `${page.sharedByName} shared ${folder === undefined ? 'a file' : 'a folder'} with you`}
              </h1>
              {company && <p className="text-sm text-muted-foreground">From {company}</p>}
            </div>
            {folder && <DownloadAllButton token={token} password={given} />}
            {folder ? (
              <FolderListing
                folder={folder}
                expiresAt={page.expiresAt}
                onFolder={(id) => void goTo(id)}
                onMore={() => void showMore()}
                onView={(item) =>
                  void preview.view({
                    name: item.name,
                    mimeType: item.mimeType,
                    size: item.size,
                    inlineUrl: urlFor('inline', item.id),
                    attachmentUrl: urlFor('attachment', item.id),
                  })
                }
                onDownload={(item) => void downloadFile(urlFor('attachment', item.id), item.name)}
              />
            ) : file ? (
              <>
                <div className="flex items-center gap-3 rounded-md border border-border p-3">
                  <FileText aria-hidden className="size-8 shrink-0 text-primary" />
                  <div className="min-w-0">
                    <p className="font-medium break-all">{file.name}</p>
                    <p className="text-sm text-muted-foreground">
                      {formatFileSize(file.size)}
                      {page.expiresAt && ` · Available until ${new Date(page.expiresAt).toLocaleDateString()}`}
                    </p>
                  </div>
                </div>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Button variant="outline" className="flex-1" onClick={() => target && void preview.view(target)}>
                    <Eye aria-hidden />
                    View
                  </Button>
                  <Button className="flex-1" onClick={() => void downloadFile(urlFor('attachment'), file.name)}>
                    <Download aria-hidden />
                    Download
                  </Button>
                </div>
              </>
            ) : (
              <form noValidate className="flex flex-col gap-3" onSubmit={(event) => void unlock(event)}>
                <p className="flex items-center gap-2 text-sm text-muted-foreground">
                  <Lock aria-hidden className="size-4" />
                  This link is protected by a password.
                </p>
                <FormField
                  label="Password"
                  type="password"
                  autoComplete="off"
                  value={password}
                  error={passwordError}
                  onChange={(event) => setPassword(event.target.value)}
                />
                <Button type="submit" disabled={unlocking}>
                  {unlocking ? 'Checking...' : 'Open'}
                </Button>
              </form>
            )}
          </>
        )}
      </PublicFrame>
      <FilePreviewDialog preview={preview} />
    </>
  );
}

type LinkedItem = NonNullable<LinkPage['folder']>['items'][number];

/** A folder link's folder: the way back up to the link's folder, its folders (to go into) and its files, each with View and Download. */
function FolderListing({
  folder,
  expiresAt,
  onFolder,
  onMore,
  onView,
  onDownload,
}: {
  folder: NonNullable<LinkPage['folder']>;
  expiresAt: string | null;
  onFolder: (folderId: string) => void;
  onMore: () => void;
  onView: (item: LinkedItem) => void;
  onDownload: (item: LinkedItem) => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <nav aria-label="Breadcrumb" className="min-w-0">
        <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
          {folder.path.map((crumb, index) => (
            <li key={crumb.id} className="flex min-w-0 items-center gap-1">
              {index > 0 && <ChevronRight aria-hidden className="size-4 shrink-0" />}
              {index === folder.path.length - 1 ? (
                <span aria-current="page" className="truncate font-medium text-foreground">
                  {crumb.name}
                </span>
              ) : (
                <button type="button" className="truncate hover:text-foreground hover:underline" onClick={() => onFolder(crumb.id)}>
                  {crumb.name}
                </button>
              )}
            </li>
          ))}
        </ol>
      </nav>
      {expiresAt && <p className="text-sm text-muted-foreground">Available until {new Date(expiresAt).toLocaleDateString()}</p>}
      {folder.items.length === 0 ? (
        <p className="rounded-md border border-dashed border-border p-6 text-center text-sm text-muted-foreground">This folder is empty</p>
      ) : (
        <ul aria-label="Shared files" className="flex flex-col divide-y divide-border rounded-md border border-border">
          {folder.items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-3 p-3">
              {item.isFolder ? (
                <Folder aria-hidden className="size-6 shrink-0 text-primary" />
              ) : (
                <FileText aria-hidden className="size-6 shrink-0 text-primary" />
              )}
              <div className="min-w-[6rem] flex-1">
                {item.isFolder ? (
                  <button type="button" className="font-medium break-all hover:underline" onClick={() => onFolder(item.id)}>
                    {item.name}
                  </button>
                ) : (
                  <>
                    <p className="font-medium break-all">{item.name}</p>
                    <p className="text-sm text-muted-foreground">{formatFileSize(item.size)}</p>
                  </>
                )}
              </div>
              {!item.isFolder && (
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" aria-label={`View ${item.name}`} onClick={() => onView(item)}>
                    <Eye aria-hidden />
                    <span className="max-sm:sr-only">View</span>
                  </Button>
                  <Button size="sm" aria-label={`Download ${item.name}`} onClick={() => onDownload(item)}>
                    <Download aria-hidden />
                    <span className="max-sm:sr-only">Download</span>
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {folder.total > folder.items.length && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground">
            Showing {folder.items.length.toLocaleString()} of {folder.total.toLocaleString()} items
          </p>
          {folder.next && (
            <Button variant="outline" size="sm" onClick={onMore}>
              Show more
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

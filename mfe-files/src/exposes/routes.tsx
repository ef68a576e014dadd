// The remote's own stylesheet comes with its pages: loaded by the shell with this module.
import '../styles.css';
import { withStore } from '@coffer/web-core/store';
import { remoteRoot, type FilesPage, type FilesWidget, type RemoteRoutesModule } from '@coffer/web-core';
import { FileBrowserPage } from '../pages/file-browser-page';
import { SharedFilesPage } from '../pages/shared-files-page';
import { RecentFilesPage } from '../pages/recent-files-page';
import { TrashPage } from '../pages/trash-page';
import { SearchPage } from '../pages/search-page';
import { PublicLinkPage } from '../pages/public-link-page';
import { PublicRequestPage } from '../pages/public-request-page';
import { UploadButton } from '../features/upload/components/upload-button';
import { StorageMeter } from '../features/storage/components/storage-meter';
import { ActivityLog } from '../features/activity/components/activity-log';

// Every page's root element carries data-release: which build of this remote is running.
const inFilesRoot = remoteRoot('coffer_files', process.env.COFFER_RELEASE ?? 'dev');

/** The pages of the files area; the shell decides their URLs. */
export const pages: RemoteRoutesModule<FilesPage, FilesWidget>['pages'] = {
  files: inFilesRoot(FileBrowserPage),
  shared: inFilesRoot(SharedFilesPage),
  recent: inFilesRoot(RecentFilesPage),
  trash: inFilesRoot(TrashPage),
  search: inFilesRoot(SearchPage),
  // Outside the dashboard (no sign-in): the page brings its own store.
  publicLink: inFilesRoot(withStore(PublicLinkPage)),
  publicRequest: inFilesRoot(withStore(PublicRequestPage)),
};

/** The parts of the dashboard frame the files area owns; the shell places them. */
export const widgets: NonNullable<RemoteRoutesModule<FilesPage, FilesWidget>['widgets']> = {
  uploadButton: UploadButton,
  storageMeter: StorageMeter,
  activityLog: ActivityLog,
};

import { remoteRoot, type FilesPage, type RemoteRoutesModule } from '@coffer/web-core';
import { FileBrowserPage } from '../pages/file-browser-page';
import { SharedFilesPage } from '../pages/shared-files-page';
import { RecentFilesPage } from '../pages/recent-files-page';
import { TrashPage } from '../pages/trash-page';

// Every page's root element carries data-release: which build of this remote is running.
const inFilesRoot = remoteRoot('coffer_files', process.env.COFFER_RELEASE ?? 'dev');

/** The pages of the files area; the shell decides their URLs. */
export const pages: RemoteRoutesModule<FilesPage>['pages'] = {
  files: inFilesRoot(FileBrowserPage),
  shared: inFilesRoot(SharedFilesPage),
  recent: inFilesRoot(RecentFilesPage),
  trash: inFilesRoot(TrashPage),
};

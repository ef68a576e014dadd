export { cofferApi, COFFER_TAG_TYPES, API_BASE_URL, type CofferTagType } from './api/coffer-api';
export {
  createCofferStore,
  rootReducer,
  type RootState,
  type CofferStore,
  type AppDispatch,
} from './store/create-store';
export { useAppDispatch, useAppSelector, useAppStore } from './store/hooks';
export {
  REMOTE_NAMES,
  ROUTES_EXPOSE,
  type RemoteName,
  type RemotesConfig,
  type MarketingPage,
  type AccountPage,
  type FilesPage,
  type RemotePageNames,
  type RemoteRoutesModule,
  type RoutesModuleOf,
} from './federation/remotes';
export { remoteRoot } from './federation/remote-root';
export { formatFileSize } from './format/format-file-size';

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
  type FilesWidget,
  type RemoteWidgetNames,
  type RemotePageNames,
  type RemoteRoutesModule,
  type RoutesModuleOf,
} from './federation/remotes';
export { remoteRoot } from './federation/remote-root';
export { formatFileSize } from './format/format-file-size';
export { formatBytes, formatStorageLimit, formatStoragePercent, formatStorageUsed, storagePercent } from './format/format-storage';
export { formatRelativeTime, formatRelativeTimeShort } from './format/relative-time';
export { startRealtimeUpdates, reconnectDelayMs, FILE_CHANGE_TAGS } from './realtime/realtime-updates';
export { useRealtimeUpdates } from './realtime/realtime-hooks';
export { avatarInitials } from './format/avatar-initials';
export { toApiError, NETWORK_ERROR_MESSAGE, type ApiError } from './api/api-error';

// The session: token in memory, refresh by cookie, the auth API and the account flows' toast copy.
export type {
  AssuranceLevel,
  SessionUser,
  SessionInfo,
  Factor,
  EnrolledFactor,
  SignInRequest,
  SignUpRequest,
} from './auth/auth-types';
export { isTwoFactorEnabled, firstVerifiedTotpFactor } from './auth/auth-types';
export {
  sessionSlice,
  sessionEnded,
  selectSession,
  selectSessionStatus,
  selectSessionUser,
  type SessionState,
  type SessionStatus,
} from './auth/session-slice';
export { restoreSession, refreshSession, leaveSecondFactorStep, type RefreshOutcome } from './auth/session-runtime';
export { useSession, useIsSignedIn } from './auth/session-hooks';
// authApi, its hooks (useSignInMutation, useGetSessionQuery, …) and their result types.
export * from './auth/auth-api';
export {
  AUTH_TOASTS,
  AuthErrorCode,
  signUpErrorToast,
  signInErrorToast,
  verificationErrorToast,
  signOutErrorToast,
  enrollmentErrorToast,
  disableTwoFactorErrorToast,
  changePasswordErrorToast,
  resetPasswordErrorToast,
  requestResetErrorToast,
  isAccountExists,
  type ToastCopy,
} from './auth/auth-messages';
export { renderStandaloneRemote } from './federation/standalone-remote';

/**
 * `@coffer/web-core/store`: the data layer, one Module Federation singleton:
 * the Redux store, the one RTK Query api with the routes the shell and
 * several remotes share (signing out, the profile and branding, the plan and
 * storage usage; each remote's own routes are in its features' `api/`
 * folders), the realtime updates, and what the UI says about API errors.
 * Only screens that call the API load it (the dashboard, sign-in, checkout,
 * Contact Sales); they render inside StoreProvider.
 */
export { cofferApi, ACCOUNT_TAGS, COFFER_TAG_TYPES, type CofferTagType } from './api/coffer-api';
export { createCofferStore, rootReducer, type RootState, type CofferStore, type AppDispatch } from './store/create-store';
export { StoreProvider, withStore } from './store/store-provider';
export { useAppDispatch, useAppSelector, useAppStore } from './store/hooks';
export { startRealtimeUpdates, reconnectDelayMs, FILE_CHANGE_TAGS } from './realtime/realtime-updates';
export { useRealtimeUpdates } from './realtime/realtime-hooks';
export { toApiError, NETWORK_ERROR_MESSAGE, type ApiError } from './api/api-error';
// The routes the shell and several remotes share, and their hooks.
export * from './api/auth-api';
export {
  AUTH_TOASTS,
  AuthErrorCode,
  signUpErrorToast,
  signInErrorToast,
  verificationErrorToast,
  signedInWithRecoveryCodeToast,
  signOutErrorToast,
  enrollmentErrorToast,
  disableTwoFactorErrorToast,
  changePasswordErrorToast,
  resetPasswordErrorToast,
  requestResetErrorToast,
  isAccountExists,
  type ToastCopy,
} from './api/auth-messages';
export * from './api/account-api';
export * from './api/plan-api';

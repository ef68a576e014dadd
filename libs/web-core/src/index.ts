/**
 * `@coffer/web-core`: what every page of Coffer needs, the public ones included,
 * as one Module Federation singleton: the session (token in memory, refresh by
 * cookie, the tabs kept in step) and the contract between the shell and its
 * remotes. No Redux here: the data layer is `@coffer/web-core/store`, loaded by
 * the screens that call the API.
 */
export {
  REMOTE_NAMES,
  ROUTES_EXPOSE,
  type RemoteName,
  type RemotesConfig,
  type MarketingPage,
  type AccountPage,
  type FilesPage,
  type FilesWidget,
  type AccountWidget,
  type RemoteWidgetNames,
  type RemotePageNames,
  type RemoteRoutesModule,
  type RoutesModuleOf,
} from './federation/remotes';
export { remoteRoot } from './federation/remote-root';

// The session, as the pages read it.
export type {
  AssuranceLevel,
  SessionUser,
  SessionInfo,
  Factor,
  EnrolledFactor,
  IssuedSession,
  SignInReply,
  SignInRequest,
  SignUpReply,
  SignUpRequest,
} from './auth/auth-types';
export { isTwoFactorEnabled, firstVerifiedTotpFactor, isConfirmationRequired, isMfaRequired } from './auth/auth-types';
export { isSignedIn, type SessionState, type SessionStatus } from './auth/session-state';
export { getSession, subscribeToSession } from './auth/session-store';
export { useSession, useIsSignedIn } from './auth/session-hooks';
export { restoreSession, leaveSecondFactorStep, type RefreshOutcome } from './auth/session-runtime';

// The session, as the data layer (@coffer/web-core/store) drives it: it imports
// these from here, never by path, so that it shares the page's one session.
export { getAccessToken, isTwoFactorSetupPending } from './auth/access-token';
export { loginReturningTo, RETURN_TO_PARAM } from './auth/return-to';
export { startSession, startSecondFactorStep, endSessionEverywhere, refreshSession, settledRefresh, updateSessionInfo } from './auth/session-runtime';

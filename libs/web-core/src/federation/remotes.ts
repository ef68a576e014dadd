import type { ComponentType } from 'react';

/**
 * The contract between the shell and its remotes: the remotes' federation
 * names, what `/remotes.json` holds, and what each remote's `./routes` module
 * exports. Both sides type-check against it, so a renamed page breaks the build,
 * not the running app.
 */
export const REMOTE_NAMES = ['coffer_marketing', 'coffer_files', 'coffer_account'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * `/remotes.json`, served next to the shell: each remote's name and the URL of
 * its `mf-manifest.json`, e.g. `{ "coffer_files": "http://localhost:3002/mf-manifest.json" }`.
 */
export type RemotesConfig = Partial<Record<RemoteName, string>>;

/** The module every remote exposes as `./routes`. */
export const ROUTES_EXPOSE = './routes';

export type MarketingPage = 'landing' | 'whyCoffer' | 'pricing' | 'contactSales' | 'terms' | 'privacy';
export type AccountPage = 'login' | 'resetPassword' | 'verifyEmail' | 'checkout' | 'notifications' | 'settings' | 'account';
export type FilesPage = 'files' | 'shared' | 'recent' | 'trash' | 'search' | 'publicLink' | 'publicRequest';

/** Parts of the dashboard frame a remote renders inside the shell's layout (no route of their own). */
export type FilesWidget = 'uploadButton' | 'storageMeter' | 'activityLog';
export type AccountWidget = 'notificationBell' | 'invitationBanner' | 'planBanner';

/** The frame widgets each remote renders, by name. */
export interface RemoteWidgetNames {
  coffer_marketing: never;
  coffer_files: FilesWidget;
  coffer_account: AccountWidget;
}

/** The pages each remote renders, by name. */
export interface RemotePageNames {
  coffer_marketing: MarketingPage;
  coffer_files: FilesPage;
  coffer_account: AccountPage;
}

/** What a remote's `./routes` module exports: its page components (route params come from the router). */
export interface RemoteRoutesModule<Page extends string, Widget extends string = never> {
  pages: Record<Page, ComponentType>;
  /** The dashboard frame's parts this remote owns (the upload button, the storage meter…). */
  widgets?: Record<Widget, ComponentType>;
}

export type RoutesModuleOf<R extends RemoteName> = RemoteRoutesModule<RemotePageNames[R], RemoteWidgetNames[R]>;

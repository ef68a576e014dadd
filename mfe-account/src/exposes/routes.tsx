// The remote's own stylesheet comes with its pages: loaded by the shell with this module.
import '../styles.css';
import type { ComponentType } from 'react';
import { remoteRoot, type AccountPage, type AccountWidget, type RemoteRoutesModule } from '@coffer/web-core';
import { withStore } from '@coffer/web-core/store';
import { LoginPage } from '../pages/login-page';
import { ResetPasswordPage } from '../pages/reset-password-page';
import { VerifyEmailPage } from '../pages/verify-email-page';
import { CheckoutPage } from '../pages/checkout-page';
import { NotificationsPage } from '../pages/notifications-page';
import { SettingsPage } from '../pages/settings-page';
import { AccountOverviewPage } from '../pages/account-page';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { InvitationBanner } from '../features/invitations/components/invitation-banner';
import { PlanBanner } from '../features/plan/components/plan-banner';

const inAccountRoot = remoteRoot('coffer_account', process.env.COFFER_RELEASE ?? 'dev');
// Every account page calls the API, and sign-in, password reset, email confirmation and checkout
// are outside the dashboard (whose frame provides the store): each page brings the store itself.
const accountPage = (Page: ComponentType) => inAccountRoot(withStore(Page));

/** The pages of the account area; the shell decides their URLs. */
export const pages: RemoteRoutesModule<AccountPage, AccountWidget>['pages'] = {
  login: accountPage(LoginPage),
  resetPassword: accountPage(ResetPasswordPage),
  verifyEmail: accountPage(VerifyEmailPage),
  checkout: accountPage(CheckoutPage),
  notifications: accountPage(NotificationsPage),
  settings: accountPage(SettingsPage),
  account: accountPage(AccountOverviewPage),
};

/** The parts of the dashboard frame the account area owns (inside the frame's store); the shell places them. */
export const widgets: NonNullable<RemoteRoutesModule<AccountPage, AccountWidget>['widgets']> = {
  notificationBell: NotificationBell,
  invitationBanner: InvitationBanner,
  planBanner: PlanBanner,
};

import { remoteRoot, type AccountPage, type RemoteRoutesModule } from '@coffer/web-core';
import { LoginPage } from '../pages/login-page';
import { ResetPasswordPage } from '../pages/reset-password-page';
import { VerifyEmailPage } from '../pages/verify-email-page';
import { CheckoutPage } from '../pages/checkout-page';
import { NotificationsPage } from '../pages/notifications-page';
import { SettingsPage } from '../pages/settings-page';
import { AccountOverviewPage } from '../pages/account-page';

const inAccountRoot = remoteRoot('coffer_account', process.env.COFFER_RELEASE ?? 'dev');

/** The pages of the account area; the shell decides their URLs. */
export const pages: RemoteRoutesModule<AccountPage>['pages'] = {
  login: inAccountRoot(LoginPage),
  resetPassword: inAccountRoot(ResetPasswordPage),
  verifyEmail: inAccountRoot(VerifyEmailPage),
  checkout: inAccountRoot(CheckoutPage),
  notifications: inAccountRoot(NotificationsPage),
  settings: inAccountRoot(SettingsPage),
  account: inAccountRoot(AccountOverviewPage),
};

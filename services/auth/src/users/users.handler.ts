import { Controller, Inject } from '@nestjs/common';
import { AuthSubject, type CallerIdentity, type ReceivedPayload, type RequestMeta } from '@coffer/contracts';
import { Caller, Client, Handles, Received } from '@coffer/server-core';
import { UsersService } from './users.service.js';

/** The client's address as the gateway saw it: what per-IP limits count. */
type ClientMeta = Pick<RequestMeta, 'clientIp'>;

/** Sign-up, sign-in, passwords and email confirmation, forwarded to UsersService. */
@Controller()
export class UsersHandler {
  constructor(@Inject(UsersService) private readonly users: UsersService) {}

  @Handles(AuthSubject.SignUp)
  signUp(@Client() client: ClientMeta, @Received() p: ReceivedPayload<typeof AuthSubject.SignUp>) {
    return this.users.signUp(p, client.clientIp);
  }

  @Handles(AuthSubject.SignIn)
  signIn(@Client() client: ClientMeta, @Received() p: ReceivedPayload<typeof AuthSubject.SignIn>) {
    return this.users.signIn(p, client.clientIp);
  }

  @Handles(AuthSubject.ForgotPassword)
  forgot(@Client() client: ClientMeta, @Received() p: ReceivedPayload<typeof AuthSubject.ForgotPassword>) {
    return this.users.forgotPassword(p.email, client.clientIp);
  }

  @Handles(AuthSubject.ResetPassword)
  reset(@Client() client: ClientMeta, @Received() p: ReceivedPayload<typeof AuthSubject.ResetPassword>) {
    return this.users.resetPassword(p.token, p.password, client.clientIp);
  }

  @Handles(AuthSubject.ChangePassword)
  change(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof AuthSubject.ChangePassword>) {
    return this.users.changePassword(caller, p.currentPassword, p.newPassword);
  }

  @Handles(AuthSubject.VerifyEmail)
  verifyEmail(@Received() p: ReceivedPayload<typeof AuthSubject.VerifyEmail>) {
    return this.users.verifyEmail(p.token);
  }

  /** The sharing service's word that the caller opened a share email's link sent to this address. */
  @Handles(AuthSubject.ConfirmEmailOwnership)
  confirmEmailOwnership(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof AuthSubject.ConfirmEmailOwnership>) {
    return this.users.confirmEmailOwnership(caller, p.email);
  }
}

import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AuthSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { UsersService } from './users.service.js';

/** Sign-up, sign-in, passwords and email confirmation, forwarded to UsersService. */
@Controller()
export class UsersHandler implements OnModuleInit {
  constructor(
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(AuthSubject.SignUp, { caller: 'none' }, ({ client, payload }) => this.users.signUp(payload, client.clientIp));
    this.rpc.handle(AuthSubject.SignIn, { caller: 'none' }, ({ client, payload }) => this.users.signIn(payload, client.clientIp));
    this.rpc.handle(AuthSubject.ForgotPassword, { caller: 'none' }, ({ client, payload }) => this.users.forgotPassword(payload.email, client.clientIp));
    this.rpc.handle(AuthSubject.ResetPassword, { caller: 'none' }, ({ client, payload }) =>
      this.users.resetPassword(payload.token, payload.password, client.clientIp),
    );
    this.rpc.handle(AuthSubject.ChangePassword, ({ caller, payload }) => this.users.changePassword(caller, payload.currentPassword, payload.newPassword));
    this.rpc.handle(AuthSubject.VerifyEmail, { caller: 'none' }, ({ payload }) => this.users.verifyEmail(payload.token));
    // The sharing service's word that the caller opened a share email's link sent to this address.
    this.rpc.handle(AuthSubject.ConfirmEmailOwnership, ({ caller, payload }) => this.users.confirmEmailOwnership(caller, payload.email));
  }
}

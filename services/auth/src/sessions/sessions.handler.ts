import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AuthSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { SessionsService } from './sessions.service.js';

/** Refreshing, ending and restoring sessions, forwarded to SessionsService. */
@Controller()
export class SessionsHandler implements OnModuleInit {
  constructor(
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(AuthSubject.Refresh, { caller: 'none' }, ({ payload }) => this.sessions.refresh(payload.refreshToken));
    this.rpc.handle(AuthSubject.SignOut, { caller: 'optional' }, ({ payload, caller }) => this.sessions.signOut(payload.refreshToken, caller?.sessionId));
    this.rpc.handle(AuthSubject.GetSession, { caller: 'pending' }, ({ caller }) => this.sessions.info(caller));
  }
}

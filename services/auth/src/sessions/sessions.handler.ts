import { Controller, Inject } from '@nestjs/common';
import { AuthSubject, type CallerIdentity, type ReceivedPayload } from '@coffer/contracts';
import { Handles, OptionalCaller, PendingCaller, Received } from '@coffer/server-core';
import { SessionsService } from './sessions.service.js';

/** Refreshing, ending and restoring sessions, forwarded to SessionsService. */
@Controller()
export class SessionsHandler {
  constructor(@Inject(SessionsService) private readonly sessions: SessionsService) {}

  @Handles(AuthSubject.Refresh)
  refresh(@Received() p: ReceivedPayload<typeof AuthSubject.Refresh>) {
    return this.sessions.refresh(p.refreshToken);
  }

  @Handles(AuthSubject.SignOut)
  signOut(@Received() p: ReceivedPayload<typeof AuthSubject.SignOut>, @OptionalCaller() caller?: CallerIdentity) {
    return this.sessions.signOut(p.refreshToken, caller?.sessionId);
  }

  @Handles(AuthSubject.GetSession)
  session(@PendingCaller() caller: CallerIdentity) {
    return this.sessions.info(caller);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { DevicesEvent } from '@coffer/contracts';
import { EventBus } from '@coffer/server-core';
import { browserLabel } from '../sessions/browser-label.js';
import { SessionsRepository } from '../sessions/sessions.repository.js';
import type { SessionSubject } from '../sessions/sessions.service.js';

/** The session a browser just signed in to, as far as the alert needs it. */
export interface SignedInBrowser {
  familyId: string;
  userAgent: string | null;
  ipAddress: string | null;
  lastUsedAt: Date;
}

/**
 * A sign-in from a browser (name and system) the account has not seen before sends the person a security
 * alert (always, whatever their email preferences). The first browser of an account (its sign-up) is not new.
 */
@Injectable()
export class NewBrowserAlerts {
  constructor(
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(EventBus) private readonly bus: EventBus,
  ) {}

  async signedIn(subject: SessionSubject, session: SignedInBrowser) {
    const browser = browserLabel(session.userAgent);
    const seen = (await this.sessions.userAgentsOf(subject.user.id, session.familyId)).map(browserLabel);
    if (seen.length === 0 || seen.includes(browser)) return;
    const { user } = subject;
    await this.bus.record(DevicesEvent.NewBrowserSignedIn, {
      accountId: subject.accountId,
      actorId: user.id,
      payload: {
        userId: user.id,
        email: user.email,
        fullName: user.fullName,
        sessionId: session.familyId,
        browser,
        ipAddress: session.ipAddress,
        signedInAt: session.lastUsedAt.toISOString(),
      },
    });
  }
}

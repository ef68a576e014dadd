import { Controller, Inject, Sse, type MessageEvent } from '@nestjs/common';
import { interval, merge, NEVER, type Observable } from 'rxjs';
import { map, takeUntil, takeWhile } from 'rxjs/operators';
import type { CallerIdentity, RealtimeChannel, TeamPush } from '@coffer/contracts';
import { ApiDoc } from '../api/api-doc.js';
import { SessionRevocations } from '../auth/session-revocations.js';
import { CurrentCaller } from '../identity/caller.js';
import { RealtimeHub } from './realtime-hub.js';

const PING_MS = 25_000;

/** Whether a push says the caller's own account or role changed since their token was issued (a repeat of an older change does not). */
function outdates(push: MessageEvent, caller: CallerIdentity): boolean {
  const { itemId, membershipVersion } = push.data as Partial<TeamPush>;
  return push.type === ('team' satisfies RealtimeChannel) && itemId === caller.userId && (membershipVersion ?? Infinity) > (caller.membershipVersion ?? 0);
}

@Controller('events')
export class EventsController {
  constructor(
    @Inject(RealtimeHub) private readonly hub: RealtimeHub,
    @Inject(SessionRevocations) private readonly revocations: SessionRevocations,
  ) {}

  /**
   * Server-sent events: the caller's file, share and notification changes and their account's plan, team
   * and branding changes as they happen, and a ping that keeps proxies from closing the stream. A change
   * to the caller's own account or role is the stream's last push: it was opened with a token that no
   * longer holds, so the browser renews its session and opens another (for the account it is in now).
   * The stream also ends when its session ends (from another browser, or by an admin): the browser's next
   * attempt is refused and it signs out, at once rather than at its next call.
   */
  @Sse()
  @ApiDoc({
    summary:
      "Server-sent events: the caller's file, share, notification and membership changes, and their account's plan, team and branding changes, as they happen",
    contentType: 'text/event-stream',
  })
  stream(@CurrentCaller() caller: CallerIdentity): Observable<MessageEvent> {
    return merge(
      this.hub.forUser(caller.userId, caller.accountId, caller.role).pipe(map(({ channel, data }): MessageEvent => ({ type: channel, data }))),
      interval(PING_MS).pipe(map((): MessageEvent => ({ type: 'ping', data: {} }))),
    ).pipe(
      takeWhile((push) => !outdates(push, caller), true),
      takeUntil(caller.sessionId ? this.revocations.endOf(caller.sessionId) : NEVER),
    );
  }
}

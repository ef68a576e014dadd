import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { CallerIdentity } from '@coffer/contracts';
import { ObjectStorage } from '../storage/object-storage.js';

/** Who a zip is made for: a signed-in person, or a folder link's maker for the link's visitor (`linkFolder`). */
export interface ZipFor {
  caller: Pick<CallerIdentity, 'userId' | 'accountId' | 'role'>;
  linkFolder?: string;
}
/** A download address's ticket: for whom, until when, once (`nonce`), for which selection (`digest`). */
interface TicketClaims extends ZipFor {
  kind: 'ticket';
  expiresAt: number;
  nonce: string;
  digest: string;
}
/** What a redeemed ticket lets the gateway read, page by page, while it streams (it never leaves the server). */
export interface WalkClaims extends ZipFor {
  kind: 'walk';
  expiresAt: number;
  items: string[];
}

const b64 = (bytes: Buffer) => bytes.toString('base64url');
/** The selection, order kept: the ticket is good for exactly these items. */
export const digestOf = (items: string[]) => b64(createHash('sha256').update(items.join(',')).digest());

/**
 * Zip download tickets and walks, signed with a key every files replica shares (kept in the bucket), so any
 * replica checks what another issued. A ticket is spent once per replica that sees it (in memory: with several
 * replicas a second use within its 60 s could reach another one; it is bound to its person and selection either way).
 */
@Injectable()
export class ZipTickets {
  private readonly spent = new Map<string, number>();

  constructor(@Inject(ObjectStorage) private readonly objects: ObjectStorage) {}

  async ticket(zipFor: ZipFor, items: string[], seconds: number): Promise<{ ticket: string; expiresAt: Date }> {
    const expiresAt = Date.now() + seconds * 1000;
    const claims: TicketClaims = { ...zipFor, kind: 'ticket', expiresAt, nonce: b64(randomBytes(12)), digest: digestOf(items) };
    return { ticket: await this.sign(claims), expiresAt: new Date(expiresAt) };
  }

  /** The ticket's claims, once, if it is ours, unexpired and for exactly `items`. */
  async redeem(ticket: string, items: string[]): Promise<ZipFor | undefined> {
    const claims = await this.verify<TicketClaims>(ticket, 'ticket');
    if (!claims || claims.digest !== digestOf(items)) return undefined;
    const now = Date.now();
    for (const [nonce, until] of this.spent) if (until < now) this.spent.delete(nonce);
    if (this.spent.has(claims.nonce)) return undefined;
    this.spent.set(claims.nonce, claims.expiresAt);
    return { caller: claims.caller, linkFolder: claims.linkFolder };
  }

  walk(zipFor: ZipFor, items: string[], seconds: number): Promise<string> {
    return this.sign({ ...zipFor, kind: 'walk', expiresAt: Date.now() + seconds * 1000, items } satisfies WalkClaims);
  }

  readWalk(walk: string): Promise<WalkClaims | undefined> {
    return this.verify<WalkClaims>(walk, 'walk');
  }

  private async sign(claims: TicketClaims | WalkClaims): Promise<string> {
    const body = b64(Buffer.from(JSON.stringify(claims)));
    return `${body}.${b64(
      createHmac('sha256', await this.objects.secret('zip-tickets'))
        .update(body)
        .digest(),
    )}`;
  }

  private async verify<C extends TicketClaims | WalkClaims>(token: string, kind: C['kind']): Promise<C | undefined> {
    const [body, signature] = token.split('.');
    if (!body || !signature) return undefined;
    const expected = createHmac('sha256', await this.objects.secret('zip-tickets'))
      .update(body)
      .digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as C;
    return claims.kind === kind && claims.expiresAt > Date.now() ? claims : undefined;
  }
}

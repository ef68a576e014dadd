import { createPublicKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AuthSubject, type Jwks } from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';

const REFETCH_AFTER_MS = 30_000;

/**
 * The auth service's public signing keys, fetched over NATS and cached as key objects (a PEM made the token check
 * parse the key again on every request, the gateway's largest cost on a page listing after its socket writes); an unknown key id triggers a refetch.
 */
@Injectable()
export class JwksCache {
  private keys = new Map<string, KeyObject>();
  private jwks: Jwks = { keys: [] };
  private fetchedAt = 0;
  private inflight?: Promise<void>;

  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  async current(): Promise<Jwks> {
    if (this.fetchedAt === 0) await this.refresh();
    return this.jwks;
  }

  /** Whether a key id is among the keys last fetched (no fetch): a token checked with a key since withdrawn is checked again. */
  knows(kid: string): boolean {
    return this.keys.has(kid);
  }

  /** The public key of a key id, or undefined if the auth service does not know it. */
  async publicKey(kid: string): Promise<KeyObject | undefined> {
    if (!this.keys.has(kid) && Date.now() - this.fetchedAt > REFETCH_AFTER_MS) await this.refresh();
    return this.keys.get(kid);
  }

  private refresh(): Promise<void> {
    this.inflight ??= this.services
      .request(AuthSubject.GetJwks, {})
      .then((jwks) => {
        this.jwks = jwks;
        this.keys = new Map(jwks.keys.map((jwk) => [String(jwk.kid), createPublicKey({ key: jwk as never, format: 'jwk' })]));
        this.fetchedAt = Date.now();
      })
      .finally(() => {
        this.inflight = undefined;
      });
    return this.inflight;
  }
}

import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { exportJWK, exportPKCS8, generateKeyPair, SignJWT } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, type Jwks } from '@coffer/contracts';
import { SERVICE_CONFIG } from '@coffer/server-core';
import type { AuthConfig } from '../config.js';
import { SigningKeysRepository } from './signing-keys.repository.js';

/** The claims of a Coffer access token. */
export interface AccessClaims {
  sub: string;
  acc: string;
  role: string;
  sid: string;
  aal: 'aal1' | 'aal2';
  /** The user has a verified second factor: aal1 then allows only its verification. */
  mfa: boolean;
  /** The user's membership version when the token was issued. */
  mv: number;
  /** Two-factor setup pending: the account requires it and the user has none (absent otherwise). */
  tfs?: true;
}

/** Signs access tokens with ES256 and publishes the public key as a JWKS. */
@Injectable()
export class SigningKeys implements OnModuleInit {
  private key!: KeyObject;
  private kid!: string;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
    @Inject(SigningKeysRepository) private readonly keys: SigningKeysRepository,
  ) {}

  async onModuleInit() {
    const pem = this.config.JWT_PRIVATE_KEY ?? (await this.embeddedKey());
    this.key = createPrivateKey(pem);
    const spki = createPublicKey(this.key).export({ type: 'spki', format: 'der' });
    this.kid = createHash('sha256').update(spki).digest('base64url').slice(0, 16);
  }

  /** Outside production: the key generated on first start, kept in the auth database. */
  private async embeddedKey(): Promise<string> {
    const existing = await this.keys.oldest();
    if (existing) return existing;
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    return this.keys.keep(await exportPKCS8(privateKey));
  }

  sign(claims: AccessClaims, ttlSeconds: number): Promise<string> {
    const { sub: _sub, ...payload } = claims;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'ES256', kid: this.kid, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.key);
  }

  async jwks(): Promise<Jwks> {
    const jwk = await exportJWK(createPublicKey(this.key));
    return { keys: [{ ...jwk, kid: this.kid, alg: 'ES256', use: 'sig' }] };
  }
}

import { createHash, type KeyObject } from 'node:crypto';
import type { Request } from 'express';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, type CallerIdentity } from '@coffer/contracts';
import { JwksCache } from './jwks.js';

interface AccessTokenPayload {
  exp: number;
  sub: string;
  acc: string;
  role: CallerIdentity['role'];
  sid: string;
  aal: 'aal1' | 'aal2';
  mfa: boolean;
  /** Membership version (absent in tokens issued before it existed). */
  mv?: number;
  /** Two-factor setup pending: the account requires it and the user has none. */
  tfs?: boolean;
}

function kidOf(rawJwt: string): string | undefined {
  try {
    const header = JSON.parse(Buffer.from(rawJwt.split('.')[0], 'base64url').toString('utf8')) as { kid?: unknown };
    return typeof header.kid === 'string' ? header.kid : undefined;
  } catch {
    return undefined;
  }
}

const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();

/** How many checked tokens are remembered (about 400 bytes each): more signed-in sessions at once are checked in full. */
const CHECKED_TOKENS_MAX = 5_000;

/** A token this gateway checked in full: who it names, until when (its `exp`, in seconds), and the key that signed it. */
interface CheckedToken {
  caller: CallerIdentity;
  exp: number;
  kid: string;
}

/**
 * Verifies access tokens (ES256, our issuer and audience, not expired) with the auth service's public keys.
 *
 * A browser sends the same token with every request for up to 15 minutes, and its ES256 signature check was a sixth
 * of the gateway's time on a folder listing. A token checked once is remembered by its SHA-256 (never the token
 * itself), until it expires or its key is withdrawn, whichever comes first: what a full check would answer then.
 * Only tokens that passed are remembered; the session and membership checks (CallerGuard) run on every request.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  private readonly checked = new Map<string, CheckedToken>();

  constructor(@Inject(JwksCache) private readonly jwks: JwksCache) {
    super({
      jwtFromRequest: bearerToken,
      passReqToCallback: true,
      algorithms: ['ES256'],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      ignoreExpiration: false,
      // A key object, parsed once per key: passport-jwt hands it to jsonwebtoken as it is, which takes one (its types
      // say string or Buffer only), where a PEM is parsed again on every request.
      secretOrKeyProvider: (_req: unknown, rawJwt: string, done: (err: unknown, key?: string) => void) => {
        const kid = kidOf(rawJwt);
        if (!kid) return done(null, undefined);
        jwks.publicKey(kid).then(
          (key?: KeyObject) => done(null, key as unknown as string | undefined),
          (err) => done(err),
        );
      },
    });
  }

  /** Passport's entry: a token checked before and still good is taken at once, any other goes through the full check. */
  authenticate(req: Request, options?: object): void {
    const token = bearerToken(req);
    const known = token ? this.checked.get(digest(token)) : undefined;
    if (known) {
      if (Math.floor(Date.now() / 1000) < known.exp && this.jwks.knows(known.kid)) return this.success({ ...known.caller });
      this.checked.delete(digest(token!));
    }
    super.authenticate(req, options);
  }

  /** After a full check passed (signature, issuer, audience, expiry): the caller, remembered for the token's next requests. */
  validate(req: Request, payload: AccessTokenPayload): CallerIdentity {
    const caller = callerOf(payload);
    const token = bearerToken(req);
    const kid = token && kidOf(token);
    if (token && kid) {
      if (this.checked.size >= CHECKED_TOKENS_MAX) this.checked.delete(this.checked.keys().next().value!);
      this.checked.set(digest(token), { caller, exp: payload.exp, kid });
    }
    return caller;
  }
}

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

function callerOf(payload: AccessTokenPayload): CallerIdentity {
  return {
    userId: payload.sub,
    accountId: payload.acc,
    role: payload.role,
    sessionId: payload.sid,
    aal: payload.aal,
    mfaPending: payload.aal === 'aal1' && payload.mfa,
    membershipVersion: payload.mv ?? 0,
    ...(payload.tfs ? { twoFactorSetupPending: true } : {}),
  };
}

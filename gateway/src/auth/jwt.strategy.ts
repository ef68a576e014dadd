import type { KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, type CallerIdentity } from '@coffer/contracts';
import { JwksCache } from './jwks.js';

interface AccessTokenPayload {
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

/** Verifies access tokens (ES256, our issuer and audience, not expired) with the auth service's public keys. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(@Inject(JwksCache) jwks: JwksCache) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      algorithms: ['ES256'],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      ignoreExpiration: false,
      passReqToCallback: false,
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

  validate(payload: AccessTokenPayload): CallerIdentity {
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
}

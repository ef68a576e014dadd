import { Inject, Injectable } from '@nestjs/common';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { ErrorCode, OK, type CallerIdentity, type ChallengeCreated, type Factor, type FactorEnrolled, type OkReply, type SessionIssued } from '@coffer/contracts';
import { notFound, rpcError, unauthenticated } from '@coffer/server-core';
import { RateLimiter } from '../rate-limits/rate-limits.service.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { FactorsRepository, toFactor, type FactorRow } from './factors.repository.js';
import { TotpSecrets } from './totp-secrets.js';

const PERIOD_SECONDS = 30;

const invalidCode = () => rpcError(ErrorCode.InvalidMfaCode, 400, 'Invalid verification code');

/** TOTP second factors: enrol, challenge, verify (each code once, which completes a two-step sign-in), remove. */
@Injectable()
export class FactorsService {
  constructor(
    @Inject(FactorsRepository) private readonly factors: FactorsRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(TotpSecrets) private readonly secrets: TotpSecrets,
  ) {}

  async list(userId: string): Promise<Factor[]> {
    return (await this.factors.list(userId)).map(toFactor);
  }

  async firstVerified(userId: string): Promise<FactorRow | undefined> {
    return (await this.factors.list(userId)).find((f) => f.status === 'verified');
  }

  /** A new factor, unverified until its first code; the authenticator app shows it under the user's email. */
  async enroll(caller: CallerIdentity): Promise<FactorEnrolled> {
    const user = await this.users.findById(caller.userId);
    const secret = generateSecret();
    const row = await this.factors.enroll(caller.userId, 'Authenticator app', this.secrets.seal(secret));
    const uri = generateURI({ issuer: 'Coffer', label: user?.email ?? caller.userId, secret });
    return { id: row.id, secret, uri, qrCode: await QRCode.toDataURL(uri, { margin: 1, width: 200 }) };
  }

  async challenge(userId: string, factorId: string): Promise<ChallengeCreated> {
    if (!(await this.factors.find(userId, factorId))) throw notFound('Two-factor method not found');
    const challenge = await this.factors.createChallenge(userId, factorId);
    return { id: challenge.id };
  }

  /**
   * The second step: a right code upgrades the caller's session to aal2 and
   * gives it a refresh token. Failures count per account and per IP address.
   */
  async verifyFactor(caller: CallerIdentity, clientIp: string | undefined, factorId: string, challengeId: string, code: string): Promise<SessionIssued> {
    const accountKey = this.limiter.account('totp', caller.userId);
    const ipKey = this.limiter.ip('totp', clientIp);
    await this.limiter.check([accountKey, ipKey]);
    if (!(await this.verify(caller.userId, factorId, challengeId, code))) {
      await this.limiter.fail([accountKey, ipKey]);
      throw invalidCode();
    }
    await this.limiter.succeed(accountKey);
    const subject = await this.sessions.subjectOf(caller.userId);
    if (!subject || !caller.sessionId) throw unauthenticated();
    return this.sessions.upgrade(subject, caller.sessionId);
  }

  /** Checks a code against a fresh challenge; a wrong, replayed or late code is refused the same way. */
  private async verify(userId: string, factorId: string, challengeId: string, code: string): Promise<boolean> {
    const factor = await this.factors.find(userId, factorId);
    if (!factor || !(await this.factors.consumeChallenge(userId, factorId, challengeId))) return false;
    const result = await verify({ secret: this.secrets.open(factor.secretCiphertext), token: code, epochTolerance: PERIOD_SECONDS });
    if (!result.valid) return false;
    const step = (result as { timeStep?: number }).timeStep ?? Math.floor(Date.now() / 1000 / PERIOD_SECONDS) + result.delta;
    return this.factors.useStep(factor.id, step);
  }

  async remove(userId: string, factorId: string): Promise<OkReply> {
    if (!(await this.factors.remove(userId, factorId))) throw notFound('Two-factor method not found');
    return OK;
  }
}

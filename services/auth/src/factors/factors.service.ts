import { Inject, Injectable } from '@nestjs/common';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import {
  AuthEvent,
  ErrorCode,
  OK,
  TWO_FACTOR_REQUIRED_BY_ACCOUNT,
  type CallerIdentity,
  type ChallengeCreated,
  type Factor,
  type FactorEnrolled,
  type FactorVerified,
  type OkReply,
  type RecoveryCodes,
  type RecoveryCodeUsed,
  type TwoFactorChanged,
  type TwoFactorProof,
} from '@coffer/contracts';
import { EventBus, notFound, rpcError, unauthenticated, UnitOfWork } from '@coffer/server-core';
import { RateLimiter, type LimitKey } from '../rate-limits/rate-limits.service.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { SignInPolicyRepository } from '../sign-in-policy/sign-in-policy.repository.js';
import { Passwords } from '../users/passwords.js';
import { UsersRepository } from '../users/users.repository.js';
import { FactorsRepository, toFactor, type FactorRow } from './factors.repository.js';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.js';
import { TotpSecrets } from './totp-secrets.js';

const PERIOD_SECONDS = 30;

const invalidCode = () => rpcError(ErrorCode.InvalidMfaCode, 400, 'Invalid verification code');
const invalidRecoveryCode = () => rpcError(ErrorCode.InvalidMfaCode, 400, 'This recovery code is not valid or has already been used.');
const wrongPassword = () => rpcError(ErrorCode.InvalidCredentials, 400, 'Current password is incorrect');

/**
 * TOTP second factors: enrol, challenge, verify (each code once, which completes a two-step sign-in), remove;
 * and the recovery codes that stand in for the authenticator when it is lost.
 */
@Injectable()
export class FactorsService {
  constructor(
    @Inject(FactorsRepository) private readonly factors: FactorsRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(TotpSecrets) private readonly secrets: TotpSecrets,
    @Inject(Passwords) private readonly passwords: Passwords,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
    @Inject(SignInPolicyRepository) private readonly policies: SignInPolicyRepository,
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
   * The first code of a new factor turns two-factor on: the reply carries the
   * recovery codes, this once.
   */
  async verifyFactor(caller: CallerIdentity, clientIp: string | undefined, factorId: string, challengeId: string, code: string): Promise<FactorVerified> {
    const keys = this.secondStepKeys(caller.userId, clientIp);
    await this.limiter.check(keys);
    const factor = await this.factors.find(caller.userId, factorId);
    if (!factor || !(await this.factors.consumeChallenge(caller.userId, factorId, challengeId)) || !(await this.codeMatches(factor, code))) {
      await this.limiter.fail(keys);
      throw invalidCode();
    }
    await this.limiter.succeed(keys[0]);
    const recoveryCodes = factor.status === 'unverified' ? await this.renewRecoveryCodes(caller, 'enabled') : undefined;
    return { ...(await this.upgrade(caller, 'second-factor')), ...(recoveryCodes ? { recoveryCodes } : {}) };
  }

  /** The second step with a recovery code instead of the authenticator's: each code opens it once. */
  async useRecoveryCode(caller: CallerIdentity, clientIp: string | undefined, recoveryCode: string): Promise<RecoveryCodeUsed> {
    const keys = this.secondStepKeys(caller.userId, clientIp);
    await this.limiter.check(keys);
    const twoFactorOn = Boolean(await this.firstVerified(caller.userId));
    const recoveryCodesLeft = await this.unit.run(async () => {
      if (!twoFactorOn || !(await this.factors.useRecoveryCode(caller.userId, recoveryCodeHash(recoveryCode)))) return undefined;
      const left = await this.factors.recoveryCodesLeft(caller.userId);
      await this.record(caller, { change: 'recovery-code-used', recoveryCodesLeft: left });
      return left;
    });
    if (recoveryCodesLeft === undefined) {
      await this.limiter.fail(keys);
      throw invalidRecoveryCode();
    }
    await this.limiter.succeed(keys[0]);
    return { ...(await this.upgrade(caller, 'recovery-code')), recoveryCodesLeft };
  }

  /** New recovery codes for the current password or an authenticator code; the old ones stop working. */
  async regenerateRecoveryCodes(caller: CallerIdentity, clientIp: string | undefined, proof: TwoFactorProof): Promise<RecoveryCodes> {
    if (!(await this.firstVerified(caller.userId)))
      throw rpcError(ErrorCode.Conflict, 409, 'Two-factor authentication is off: turn it on to get recovery codes.');
    const proven = await this.prove(caller.userId, clientIp, proof);
    return { recoveryCodes: await this.renewRecoveryCodes(caller, 'recovery-codes-regenerated', proven) };
  }

  /** Removes a factor, only for the current password or an authenticator code; the last one turns two-factor off, with its recovery codes. */
  async remove(caller: CallerIdentity, clientIp: string | undefined, factorId: string, proof: TwoFactorProof): Promise<OkReply> {
    const factor = await this.factors.find(caller.userId, factorId);
    if (!factor) throw notFound('Two-factor method not found');
    const proven = await this.prove(caller.userId, clientIp, proof);
    const othersLeft = (await this.factors.list(caller.userId)).some((f) => f.status === 'verified' && f.id !== factorId);
    if (factor.status === 'verified' && !othersLeft && (await this.policies.requiresTwoFactor(caller.accountId)))
      throw rpcError(ErrorCode.Conflict, 409, TWO_FACTOR_REQUIRED_BY_ACCOUNT);
    await this.unit.run(async () => {
      if (!(await this.factors.remove(caller.userId, factorId))) throw notFound('Two-factor method not found');
      if (othersLeft) return;
      await this.factors.replaceRecoveryCodes(caller.userId, []);
      if (factor.status === 'verified') await this.record(caller, { change: 'disabled', recoveryCodesLeft: 0, proof: proven });
    });
    return OK;
  }

  /** The second step's failures count against the account and the address. */
  private secondStepKeys(userId: string, clientIp: string | undefined): [LimitKey, LimitKey | undefined] {
    return [this.limiter.account('totp', userId), this.limiter.ip('totp', clientIp)];
  }

  private async upgrade(caller: CallerIdentity, method: 'second-factor' | 'recovery-code') {
    const subject = await this.sessions.subjectOf(caller.userId);
    if (!subject || !caller.sessionId) throw unauthenticated();
    return this.sessions.upgrade(subject, caller.sessionId, method);
  }

  /**
   * Checks the current password or a current authenticator code (each code once); a wrong one is
   * refused and counted like any other guess.
   */
  private async prove(userId: string, clientIp: string | undefined, proof: TwoFactorProof): Promise<'password' | 'code'> {
    const keys: [LimitKey, LimitKey | undefined] = [this.limiter.account('two-factor-proof', userId), this.limiter.ip('two-factor-proof', clientIp)];
    await this.limiter.check(keys);
    if (proof.password !== undefined) {
      const user = await this.users.findById(userId);
      if (!(await this.passwords.verify(user?.passwordHash, proof.password))) {
        await this.limiter.fail(keys);
        throw wrongPassword();
      }
    } else {
      const factor = await this.firstVerified(userId);
      if (!factor || proof.code === undefined || !(await this.codeMatches(factor, proof.code))) {
        await this.limiter.fail(keys);
        throw invalidCode();
      }
    }
    await this.limiter.succeed(keys[0]);
    return proof.password !== undefined ? 'password' : 'code';
  }

  /** Checks a code of the factor; a wrong, replayed or late code is refused the same way. */
  private async codeMatches(factor: FactorRow, code: string): Promise<boolean> {
    const result = await verify({ secret: this.secrets.open(factor.secretCiphertext), token: code, epochTolerance: PERIOD_SECONDS });
    if (!result.valid) return false;
    const step = (result as { timeStep?: number }).timeStep ?? Math.floor(Date.now() / 1000 / PERIOD_SECONDS) + result.delta;
    return this.factors.useStep(factor.id, step);
  }

  /** A new set of recovery codes replacing every earlier one (audited); answers the codes, which are kept only hashed. */
  private async renewRecoveryCodes(caller: CallerIdentity, change: 'enabled' | 'recovery-codes-regenerated', proof?: 'password' | 'code'): Promise<string[]> {
    const codes = newRecoveryCodes();
    await this.unit.run(async () => {
      await this.factors.replaceRecoveryCodes(caller.userId, codes.map(recoveryCodeHash));
      await this.record(caller, { change, recoveryCodesLeft: codes.length, ...(proof ? { proof } : {}) });
    });
    return codes;
  }

  private async record(caller: CallerIdentity, change: Omit<TwoFactorChanged, 'userId' | 'email'>) {
    const user = await this.users.findById(caller.userId);
    await this.bus.record(AuthEvent.TwoFactorChanged, {
      accountId: user?.accountId ?? caller.accountId,
      actorId: caller.userId,
      payload: { userId: caller.userId, email: user?.email ?? '', ...change },
    });
  }
}

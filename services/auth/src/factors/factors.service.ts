import { Inject, Injectable } from '@nestjs/common';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { ErrorCode, type Factor, type FactorEnrolled } from '@coffer/contracts';
import { notFound, rpcError } from '@coffer/server-core';
import { FactorsRepository, type FactorRow } from './factors.repository.js';
import { TotpSecrets } from './totp-secrets.js';

const PERIOD_SECONDS = 30;

export const toFactor = (row: FactorRow): Factor => ({ id: row.id, factorType: 'totp', status: row.status, friendlyName: row.friendlyName });

/** TOTP second factors: enrol, challenge, verify (each code once), remove. */
@Injectable()
export class FactorsService {
  constructor(
    @Inject(FactorsRepository) private readonly factors: FactorsRepository,
    @Inject(TotpSecrets) private readonly secrets: TotpSecrets,
  ) {}

  async list(userId: string): Promise<Factor[]> {
    return (await this.factors.list(userId)).map(toFactor);
  }

  async hasVerified(userId: string): Promise<boolean> {
    return (await this.factors.list(userId)).some((f) => f.status === 'verified');
  }

  async firstVerified(userId: string): Promise<FactorRow | undefined> {
    return (await this.factors.list(userId)).find((f) => f.status === 'verified');
  }

  async enroll(userId: string, email: string): Promise<FactorEnrolled> {
    const secret = generateSecret();
    const row = await this.factors.enroll(userId, 'Authenticator app', this.secrets.seal(secret));
    const uri = generateURI({ issuer: 'Coffer', label: email, secret });
    return { id: row.id, secret, uri, qrCode: await QRCode.toDataURL(uri, { margin: 1, width: 200 }) };
  }

  async challenge(userId: string, factorId: string): Promise<{ id: string }> {
    if (!(await this.factors.find(userId, factorId))) throw notFound('Two-factor method not found');
    const challenge = await this.factors.createChallenge(userId, factorId);
    return { id: challenge.id };
  }

  /** Checks a code against a fresh challenge; a wrong, replayed or late code is refused the same way. */
  async verify(userId: string, factorId: string, challengeId: string, code: string): Promise<boolean> {
    const factor = await this.factors.find(userId, factorId);
    if (!factor || !(await this.factors.consumeChallenge(userId, factorId, challengeId))) return false;
    const result = await verify({ secret: this.secrets.open(factor.secretCiphertext), token: code, epochTolerance: PERIOD_SECONDS });
    if (!result.valid) return false;
    const step = (result as { timeStep?: number }).timeStep ?? Math.floor(Date.now() / 1000 / PERIOD_SECONDS) + result.delta;
    return this.factors.useStep(factor.id, step);
  }

  async remove(userId: string, factorId: string) {
    if (!(await this.factors.remove(userId, factorId))) throw notFound('Two-factor method not found');
  }

  invalidCode() {
    return rpcError(ErrorCode.InvalidMfaCode, 400, 'Invalid verification code');
  }
}

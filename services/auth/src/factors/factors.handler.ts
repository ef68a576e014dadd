import { Controller, Inject } from '@nestjs/common';
import { AuthSubject, type CallerIdentity, type ReceivedPayload, type RequestMeta } from '@coffer/contracts';
import { Caller, Client, Handles, PendingCaller, Received } from '@coffer/server-core';
import { FactorsService } from './factors.service.js';

/** TOTP factors and recovery codes, forwarded to FactorsService; the aal1 step of a sign-in may only challenge, verify or use a recovery code. */
@Controller()
export class FactorsHandler {
  constructor(@Inject(FactorsService) private readonly factors: FactorsService) {}

  @Handles(AuthSubject.ListFactors)
  list(@Caller() caller: CallerIdentity) {
    return this.factors.list(caller.userId);
  }

  @Handles(AuthSubject.EnrollFactor)
  enroll(@Caller() caller: CallerIdentity) {
    return this.factors.enroll(caller);
  }

  @Handles(AuthSubject.ChallengeFactor)
  challenge(@PendingCaller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof AuthSubject.ChallengeFactor>) {
    return this.factors.challenge(caller.userId, p.factorId);
  }

  @Handles(AuthSubject.VerifyFactor)
  verify(
    @PendingCaller() caller: CallerIdentity,
    @Client() client: Pick<RequestMeta, 'clientIp'>,
    @Received() p: ReceivedPayload<typeof AuthSubject.VerifyFactor>,
  ) {
    return this.factors.verifyFactor(caller, client.clientIp, p.factorId, p.challengeId, p.code);
  }

  @Handles(AuthSubject.UnenrollFactor)
  unenroll(
    @Caller() caller: CallerIdentity,
    @Client() client: Pick<RequestMeta, 'clientIp'>,
    @Received() { factorId, ...proof }: ReceivedPayload<typeof AuthSubject.UnenrollFactor>,
  ) {
    return this.factors.remove(caller, client.clientIp, factorId, proof);
  }

  @Handles(AuthSubject.UseRecoveryCode)
  useRecoveryCode(
    @PendingCaller() caller: CallerIdentity,
    @Client() client: Pick<RequestMeta, 'clientIp'>,
    @Received() p: ReceivedPayload<typeof AuthSubject.UseRecoveryCode>,
  ) {
    return this.factors.useRecoveryCode(caller, client.clientIp, p.recoveryCode);
  }

  @Handles(AuthSubject.RegenerateRecoveryCodes)
  regenerateRecoveryCodes(
    @Caller() caller: CallerIdentity,
    @Client() client: Pick<RequestMeta, 'clientIp'>,
    @Received() proof: ReceivedPayload<typeof AuthSubject.RegenerateRecoveryCodes>,
  ) {
    return this.factors.regenerateRecoveryCodes(caller, client.clientIp, proof);
  }
}

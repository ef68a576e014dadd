import { Controller, Inject } from '@nestjs/common';
import { AuthSubject, type CallerIdentity, type ReceivedPayload, type RequestMeta } from '@coffer/contracts';
import { Caller, Client, Handles, PendingCaller, Received } from '@coffer/server-core';
import { FactorsService } from './factors.service.js';

/** TOTP factors, forwarded to FactorsService; the aal1 step of a sign-in may only challenge and verify. */
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
  challenge(@PendingCaller() caller: CallerIdentity, @Received(AuthSubject.ChallengeFactor) p: ReceivedPayload<typeof AuthSubject.ChallengeFactor>) {
    return this.factors.challenge(caller.userId, p.factorId);
  }

  @Handles(AuthSubject.VerifyFactor)
  verify(
    @PendingCaller() caller: CallerIdentity,
    @Client() client: Pick<RequestMeta, 'clientIp'>,
    @Received(AuthSubject.VerifyFactor) p: ReceivedPayload<typeof AuthSubject.VerifyFactor>,
  ) {
    return this.factors.verifyFactor(caller, client.clientIp, p.factorId, p.challengeId, p.code);
  }

  @Handles(AuthSubject.UnenrollFactor)
  unenroll(@Caller() caller: CallerIdentity, @Received(AuthSubject.UnenrollFactor) p: ReceivedPayload<typeof AuthSubject.UnenrollFactor>) {
    return this.factors.remove(caller.userId, p.factorId);
  }
}

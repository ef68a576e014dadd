import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AuthSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { FactorsService } from './factors.service.js';

/** TOTP factors and recovery codes, forwarded to FactorsService; the aal1 step of a sign-in may only challenge, verify or use a recovery code. */
@Controller()
export class FactorsHandler implements OnModuleInit {
  constructor(
    @Inject(FactorsService) private readonly factors: FactorsService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(AuthSubject.ListFactors, ({ caller }) => this.factors.list(caller.userId));
    this.rpc.handle(AuthSubject.EnrollFactor, ({ caller }) => this.factors.enroll(caller));
    this.rpc.handle(AuthSubject.ChallengeFactor, { caller: 'pending' }, ({ caller, payload }) => this.factors.challenge(caller.userId, payload.factorId));
    this.rpc.handle(AuthSubject.VerifyFactor, { caller: 'pending' }, ({ caller, client, payload }) =>
      this.factors.verifyFactor(caller, client.clientIp, payload.factorId, payload.challengeId, payload.code),
    );
    this.rpc.handle(AuthSubject.UnenrollFactor, ({ caller, client, payload: { factorId, ...proof } }) =>
      this.factors.remove(caller, client.clientIp, factorId, proof),
    );
    this.rpc.handle(AuthSubject.UseRecoveryCode, { caller: 'pending' }, ({ caller, client, payload }) =>
      this.factors.useRecoveryCode(caller, client.clientIp, payload.recoveryCode),
    );
    this.rpc.handle(AuthSubject.RegenerateRecoveryCodes, ({ caller, client, payload: proof }) =>
      this.factors.regenerateRecoveryCodes(caller, client.clientIp, proof),
    );
  }
}

import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ClientProxy, NatsRecordBuilder } from '@nestjs/microservices';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { ErrorCode, Header, isRpcErrorBody, type CallerIdentity } from '@coffer/contracts';
import { currentCorrelationId } from '@coffer/server-core';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ServiceError } from './http-error.filter.js';

export const NATS_CLIENT = Symbol('NATS_CLIENT');

/** Sends a request to a service over NATS with the caller and correlation id in the headers. */
@Injectable()
export class ServiceClient implements OnApplicationShutdown {
  constructor(
    @Inject(NATS_CLIENT) private readonly client: ClientProxy,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async request<R>(subject: string, payload: unknown, caller?: CallerIdentity, timeoutMs = this.config.RPC_TIMEOUT_MS): Promise<R> {
    const h = natsHeaders();
    const correlationId = currentCorrelationId();
    if (correlationId) h.set(Header.CorrelationId, correlationId);
    if (caller) h.set(Header.Caller, JSON.stringify(caller));
    const record = new NatsRecordBuilder(payload ?? {}).setHeaders(h).build();
    try {
      return await firstValueFrom(this.client.send<R>(subject, record).pipe(timeout(timeoutMs)));
    } catch (err) {
      if (isRpcErrorBody(err)) throw new ServiceError(err);
      const service = subject.split('.')[0];
      const reason = err instanceof TimeoutError ? 'did not answer in time' : 'is unavailable';
      throw new ServiceError({ code: ErrorCode.ServiceUnavailable, status: 503, message: `The ${service} service ${reason}. Please try again.` });
    }
  }

  async onApplicationShutdown() {
    await this.client.close();
  }
}

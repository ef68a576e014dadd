import { randomUUID } from 'node:crypto';
import { ClientProxyFactory, NatsRecordBuilder, RpcException, Transport, type ClientProxy } from '@nestjs/microservices';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { firstValueFrom, timeout } from 'rxjs';
import { Header, isRpcErrorBody, type CallerIdentity } from '@coffer/contracts';
import { currentCorrelationId } from './logging.js';

/**
 * Asks another service a question over NATS request/reply, with the caller and
 * correlation id in the headers; rejects with the service's `{ code, status, message }`
 * as an RpcException, so a handler that lets it through answers with that same error.
 */
export class ServiceRequester {
  private readonly client: ClientProxy;

  constructor(natsUrl: string) {
    this.client = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [natsUrl] } });
  }

  request<R>(subject: string, payload: unknown, caller?: CallerIdentity, timeoutMs = 10_000): Promise<R> {
    const h = natsHeaders();
    h.set(Header.CorrelationId, currentCorrelationId() ?? randomUUID());
    if (caller) h.set(Header.Caller, JSON.stringify(caller));
    return firstValueFrom(this.client.send<R>(subject, new NatsRecordBuilder(payload).setHeaders(h).build()).pipe(timeout(timeoutMs))).catch((error: unknown) => {
      throw isRpcErrorBody(error) ? new RpcException(error) : error;
    });
  }

  close() {
    return this.client.close();
  }
}

import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, MessagePattern, NatsContext, Payload, RpcException, Transport, type MicroserviceOptions } from '@nestjs/microservices';
import { ErrorCode, Header } from '@coffer/contracts';
import { natsConnectionOptions } from '../src/nats.js';
import { ServiceRequester } from '../src/requester.js';
import { eventually, privateNats } from '../src/testing.js';

/** A service as every Coffer service is: a Nest microservice on NATS, answering, refusing, failing, or not answering. */
@Controller()
class RequesterTestController {
  @MessagePattern('requester-test.echo')
  echo(@Payload() data: { n: number }, @Ctx() context: NatsContext) {
    return { n: data.n + 1, caller: context.getHeaders()?.get(Header.Caller) };
  }

  @MessagePattern('requester-test.refuse')
  refuse() {
    throw new RpcException({ code: ErrorCode.NotFound, status: 404, message: 'File not found' });
  }

  @MessagePattern('requester-test.crash')
  crash() {
    throw new Error('an unexpected failure');
  }

  @MessagePattern('requester-test.slow')
  async slow() {
    await new Promise((r) => setTimeout(r, 2_000));
    return { late: true };
  }
}
@Module({ controllers: [RequesterTestController] })
class RequesterTestModule {}

/** What a request rejected with: the RpcException's body. */
const refusal = (sent: Promise<unknown>) =>
  sent.then(
    (value) => ({ answered: value }),
    (err: unknown) => (err instanceof RpcException ? err.getError() : err),
  );

/** The 503 a request is refused with when no answer can come. */
const unavailable = (message: string) => ({ code: ErrorCode.ServiceUnavailable, status: 503, message });

describe('ServiceRequester (the gateway and services asking a service over NATS)', () => {
  let nats: Awaited<ReturnType<typeof privateNats>>;
  let service: INestMicroservice;
  let requester: ServiceRequester;

  beforeAll(async () => {
    nats = await privateNats();
    service = await NestFactory.createMicroservice<MicroserviceOptions>(RequesterTestModule, {
      transport: Transport.NATS,
      options: { ...natsConnectionOptions(nats.url, 'requester-test'), queue: 'requester-test' },
      logger: false,
    });
    await service.listen();
    requester = ServiceRequester.connect(nats.url, 'requester-test-caller', 1_000);
  });
  /** A request the contracts do not know (these subjects are the test's own). */
  const ask = (subject: string, payload: object = {}) => requester.request(subject as never, payload as never);
  afterAll(async () => {
    await requester?.close();
    await service?.close();
    await nats?.stop();
  });

  it("gets the handler's answer, with the caller in the headers, many at once", async () => {
    const caller = { userId: 'u1', accountId: 'a1', role: 'owner' as const };
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, n) => requester.request('requester-test.echo' as never, { n } as never, { caller } as never)),
    );
    expect(answers).toEqual(Array.from({ length: 200 }, (_, n) => ({ n: n + 1, caller: JSON.stringify(caller) })));
  });

  it("rejects with the service's own refusal, and with a 503 for a failure that is not one", async () => {
    expect(await refusal(ask('requester-test.refuse'))).toEqual({ code: ErrorCode.NotFound, status: 404, message: 'File not found' });
    expect(await refusal(ask('requester-test.crash'))).toEqual(unavailable('The requester-test service is unavailable. Please try again.'));
  });

  it('says which service did not answer in time, and which has nobody listening', async () => {
    expect(await refusal(ask('requester-test.slow'))).toEqual(unavailable('The requester-test service did not answer in time. Please try again.'));
    expect(await refusal(ask('nobody-listens.echo'))).toEqual(unavailable('The nobody-listens service is unavailable. Please try again.'));
  });

  it('fails at once while NATS is away (not after its time limit), and answers again once NATS is back', async () => {
    await nats.stop();
    // Once the connection noticed, a request fails at once as "unavailable". Sent into the NATS client while it
    // reconnects, it would be dropped and wait out its limit: "did not answer in time", every time.
    await eventually(async () => {
      const body = (await refusal(ask('requester-test.echo', { n: 1 }))) as { message?: string };
      return body.message === 'The requester-test service is unavailable. Please try again.';
    }, 10_000);
    await nats.start();
    await eventually(async () => {
      const answer = (await refusal(ask('requester-test.echo', { n: 1 }))) as { answered?: unknown };
      return answer.answered !== undefined && answer;
    }, 20_000);
    expect(await ask('requester-test.echo', { n: 41 })).toMatchObject({ n: 42 });
  }, 60_000);
});

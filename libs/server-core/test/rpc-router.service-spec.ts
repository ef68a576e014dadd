import { fileURLToPath } from 'node:url';
import { Controller, Inject, Module, type INestMicroservice, type OnModuleInit } from '@nestjs/common';
import { AuthSubject, ErrorCode, FilesSubject, healthSubject, requestContracts } from '@coffer/contracts';
import { CoreModule, forbidden, loadConfig, RpcRouter, runService, serviceConfigSchema } from '../src/index.js';
import { TestCaller, freshDatabase, newCaller, privateNats } from '../src/testing.js';
import { folder } from './fixtures/folder.js';

// Handlers registered with the router, served by the service's own transport on a NATS of the test's own,
// asked the way the gateway asks them.

const service = 'notification';
const migrationsFolder = fileURLToPath(new URL('../../../services/notification/src/db/migrations', import.meta.url));

@Controller()
class FolderHandler implements OnModuleInit {
  constructor(@Inject(RpcRouter) private readonly rpc: RpcRouter) {}

  onModuleInit() {
    // The folder's name says who asked, from where, and where it goes: what the handler was handed.
    this.rpc.handle(FilesSubject.CreateFolder, ({ caller, client, payload }) =>
      Promise.resolve({ ...folder, name: `${payload.name} by ${caller.userId} from ${client.clientIp}`, folderId: payload.parentId }),
    );
    this.rpc.handle(AuthSubject.ChallengeFactor, { caller: 'pending' }, ({ payload }) => {
      if (payload.factorId.startsWith('0')) throw forbidden('Not your factor');
      throw new Error('the database went away');
    });
  }
}

/** Registers a subject the health handler already answers. */
@Controller()
class SecondHealthHandler implements OnModuleInit {
  constructor(@Inject(RpcRouter) private readonly rpc: RpcRouter) {}

  onModuleInit() {
    this.rpc.handle(healthSubject(service), { caller: 'none' }, () => Promise.resolve({ service, status: 'up' as const, uptimeSeconds: 0 }));
  }
}

async function start(natsUrl: string, handlers: object[]): Promise<INestMicroservice> {
  const database = await freshDatabase('pglite');
  const config = loadConfig(serviceConfigSchema, { NATS_URL: natsUrl, ...database, LOG_LEVEL: 'error' });
  @Module({ imports: [CoreModule.forService({ service, config, schema: {}, migrationsFolder })], controllers: handlers as never[] })
  class HandlersModule {}
  return runService(service, config, HandlersModule);
}

describe('request handlers registered with the router', () => {
  let nats: Awaited<ReturnType<typeof privateNats>>;
  let app: INestMicroservice;
  let caller: TestCaller;

  beforeAll(async () => {
    nats = await privateNats();
    app = await start(nats.url, [FolderHandler]);
    caller = new TestCaller(nats.url);
  }, 60_000);
  afterAll(async () => {
    await caller?.close();
    await app?.close();
    await nats?.stop();
  });

  it('hand the handler its payload (validated, defaults applied), its caller and its client, and send back its reply', async () => {
    const ann = newCaller();
    expect(await caller.request(FilesSubject.CreateFolder, { name: 'Invoices' }, ann, { clientIp: '203.0.113.7' })).toEqual({
      ...folder,
      name: `Invoices by ${ann.userId} from 203.0.113.7`,
      folderId: 'root',
    });
  });

  it("answer a payload the subject's schema refuses with VALIDATION_FAILED and the schema's first message", async () => {
    const message = requestContracts[FilesSubject.CreateFolder].payload.safeParse({ parentId: 'root' }).error!.issues[0]!.message;
    await expect(caller.requestUnchecked(FilesSubject.CreateFolder, { parentId: 'root' }, newCaller())).rejects.toEqual({
      code: ErrorCode.ValidationFailed,
      status: 400,
      message,
    });
  });

  it('refuse a request without a caller, and the aal1 step of a sign-in where the handler does not allow it', async () => {
    await expect(caller.request(FilesSubject.CreateFolder, { name: 'Invoices' })).rejects.toEqual({
      code: ErrorCode.Unauthenticated,
      status: 401,
      message: 'You must be signed in',
    });
    await expect(caller.request(FilesSubject.CreateFolder, { name: 'Invoices' }, { ...newCaller(), mfaPending: true })).rejects.toEqual({
      code: ErrorCode.MfaRequired,
      status: 403,
      message: 'Enter your two-factor code first',
    });
    await expect(caller.request(AuthSubject.ChallengeFactor, { factorId: '0d4f3c1e-2b6a-4c8e-9f10-1a2b3c4d5e6f' })).rejects.toMatchObject({ status: 401 });
  });

  it("send a service's own error as it is, and anything else as Internal", async () => {
    const pending = { ...newCaller(), mfaPending: true };
    await expect(caller.request(AuthSubject.ChallengeFactor, { factorId: '0d4f3c1e-2b6a-4c8e-9f10-1a2b3c4d5e6f' }, pending)).rejects.toEqual({
      code: ErrorCode.Forbidden,
      status: 403,
      message: 'Not your factor',
    });
    await expect(caller.request(AuthSubject.ChallengeFactor, { factorId: '7d4f3c1e-2b6a-4c8e-9f10-1a2b3c4d5e6f' }, pending)).rejects.toEqual({
      code: ErrorCode.Internal,
      status: 500,
      message: 'Something went wrong. Please try again.',
    });
  });

  it('keep the health check answered by the service', async () => {
    expect(await caller.request(healthSubject(service), {})).toMatchObject({ service, status: 'up' });
  });

  it('refuse to start a service with two handlers of one subject', async () => {
    await expect(start(nats.url, [SecondHealthHandler])).rejects.toThrow(`${healthSubject(service)} already has a handler`);
  }, 60_000);
});

import { headers as natsHeaders } from '@nats-io/transport-node';
import { NatsContext } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import { AuthSubject, ErrorCode, FilesSubject, Header, requestContracts, type CallerIdentity } from '@coffer/contracts';
import { forbidden, RpcRouter } from './rpc.js';
import { folder } from '../test/fixtures/folder.js';

const factorId = '7d4f3c1e-2b6a-4c8e-9f10-1a2b3c4d5e6f';

// A handler names its subject once, in `router.handle`: its payload and reply take their types from that
// subject's contract. The lines under each @ts-expect-error must fail to compile (`tsc` in `npm run lint`
// fails on an unused directive).
export function handlersTypedByTheirSubject(router: RpcRouter) {
  router.handle(FilesSubject.CreateFolder, ({ caller, payload }) => Promise.resolve({ ...folder, name: payload.name, ownerId: caller.userId }));
  // @ts-expect-error creating a folder carries no email
  router.handle(FilesSubject.CreateFolder, ({ payload }) => Promise.resolve({ ...folder, name: payload.email }));
  // @ts-expect-error a folder's name is text
  router.handle(FilesSubject.CreateFolder, ({ payload }) => Promise.resolve({ ...folder, size: payload.name }));
  // @ts-expect-error the client's address comes with the client, never in the payload
  router.handle(FilesSubject.CreateFolder, ({ payload }) => Promise.resolve({ ...folder, name: payload.clientIp }));
  // @ts-expect-error storage usage does not answer a list of files
  router.handle(FilesSubject.StorageUsage, () => Promise.resolve({ items: [] }));
  // @ts-expect-error a subject that no service answers
  router.handle('files.file.rename', () => Promise.resolve({}));
  // An optional caller may be absent; a handler without a caller has none.
  router.handle(AuthSubject.ChallengeFactor, { caller: 'optional' }, ({ caller, payload }) =>
    // @ts-expect-error the caller may be absent
    Promise.resolve({ id: `${caller.userId}-${payload.factorId}` }),
  );
  // @ts-expect-error a handler that reads no caller has none
  router.handle(FilesSubject.StorageUsage, { caller: 'none' }, ({ caller }) => Promise.resolve({ usedBytes: caller.userId.length, limitBytes: 2 }));
}

const owner: CallerIdentity = { userId: 'u1', accountId: 'a1', role: 'owner' };

/** Asks the route of `subject` as the transport does, with the headers the gateway sends. */
async function ask(router: RpcRouter, subject: string, data: unknown, sent: { caller?: CallerIdentity | string; clientIp?: string } = {}) {
  const headers = natsHeaders();
  if (sent.caller) headers.set(Header.Caller, typeof sent.caller === 'string' ? sent.caller : JSON.stringify(sent.caller));
  if (sent.clientIp) headers.set(Header.ClientIp, sent.clientIp);
  const route = router.routes().get(subject)!;
  return firstValueFrom(await route(data, new NatsContext([subject, headers]))).then(
    (reply) => ({ reply }),
    (err: unknown) => ({ err }),
  );
}

describe('RpcRouter', () => {
  it('hands the handler the payload validated with its subject’s schema (defaults applied), its caller and its client', async () => {
    const router = new RpcRouter();
    router.handle(FilesSubject.CreateFolder, ({ caller, client, payload }) => Promise.resolve({ ...folder, ...payload, caller, client }));
    expect(await ask(router, FilesSubject.CreateFolder, { name: 'Invoices' }, { caller: owner, clientIp: '203.0.113.7' })).toEqual({
      reply: { ...folder, name: 'Invoices', parentId: 'root', caller: owner, client: { clientIp: '203.0.113.7', userAgent: undefined } },
    });
  });

  it('answers a payload its schema refuses with VALIDATION_FAILED and the first problem’s message', async () => {
    const router = new RpcRouter();
    router.handle(FilesSubject.CreateFolder, () => Promise.resolve(folder));
    const { err } = (await ask(router, FilesSubject.CreateFolder, { parentId: 'root' }, { caller: owner })) as { err: unknown };
    const firstProblem = requestContracts[FilesSubject.CreateFolder].payload.safeParse({ parentId: 'root' }).error!.issues[0]!.message;
    expect(err).toEqual({ code: ErrorCode.ValidationFailed, status: 400, message: firstProblem });
    expect(await ask(router, FilesSubject.CreateFolder, undefined, { caller: owner })).toEqual({ err });
  });

  it('refuses a missing, malformed or half-signed-in caller where the handler needs one', async () => {
    const router = new RpcRouter();
    router.handle(FilesSubject.StorageUsage, () => Promise.resolve({ usedBytes: 1, limitBytes: 2 }));
    router.handle(AuthSubject.ChallengeFactor, { caller: 'pending' }, () => Promise.resolve({ id: 'c1' }));
    router.handle(AuthSubject.ListFactors, { caller: 'optional' }, ({ caller }) => Promise.resolve({ items: [], caller }) as never);
    router.handle(AuthSubject.EnrollFactor, { caller: 'none' }, (request) => Promise.resolve(request) as never);
    const unauthenticated = { code: ErrorCode.Unauthenticated, status: 401, message: 'You must be signed in' };
    const pending = { ...owner, mfaPending: true };
    expect(await ask(router, FilesSubject.StorageUsage, {})).toEqual({ err: unauthenticated });
    expect(await ask(router, FilesSubject.StorageUsage, {}, { caller: '{not json' })).toEqual({ err: unauthenticated });
    expect(await ask(router, FilesSubject.StorageUsage, {}, { caller: { ...owner, role: 'king' } as never })).toEqual({ err: unauthenticated });
    expect(await ask(router, FilesSubject.StorageUsage, {}, { caller: pending })).toEqual({
      err: { code: ErrorCode.MfaRequired, status: 403, message: 'Enter your two-factor code first' },
    });
    expect(await ask(router, AuthSubject.ChallengeFactor, { factorId }, { caller: pending })).toEqual({ reply: { id: 'c1' } });
    expect(await ask(router, AuthSubject.ChallengeFactor, { factorId })).toEqual({ err: unauthenticated });
    expect(await ask(router, AuthSubject.ListFactors, {})).toEqual({ reply: { items: [], caller: undefined } });
    expect(await ask(router, AuthSubject.ListFactors, {}, { caller: pending })).toEqual({ reply: { items: [], caller: pending } });
    expect(await ask(router, AuthSubject.ListFactors, {}, { caller: '{not json' })).toEqual({ err: unauthenticated });
    expect(await ask(router, AuthSubject.EnrollFactor, {}, { caller: '{not json' })).toEqual({ reply: { payload: {}, client: {} } });
  });

  it('passes a service’s own errors through and answers anything else as Internal', async () => {
    const router = new RpcRouter();
    router.handle(FilesSubject.StorageUsage, () => Promise.reject(forbidden('Not yours')));
    router.handle(FilesSubject.CreateFolder, () => {
      throw new Error('the database went away');
    });
    expect(await ask(router, FilesSubject.StorageUsage, {}, { caller: owner })).toEqual({
      err: { code: ErrorCode.Forbidden, status: 403, message: 'Not yours' },
    });
    expect(await ask(router, FilesSubject.CreateFolder, { name: 'Invoices' }, { caller: owner })).toEqual({
      err: { code: ErrorCode.Internal, status: 500, message: 'Something went wrong. Please try again.' },
    });
  });

  it('takes one handler per subject', () => {
    const router = new RpcRouter();
    router.handle(FilesSubject.StorageUsage, () => Promise.resolve({ usedBytes: 1, limitBytes: 2 }));
    expect(() => router.handle(FilesSubject.StorageUsage, () => Promise.resolve({ usedBytes: 1, limitBytes: 2 }))).toThrow(
      'files.storage.usage already has a handler',
    );
  });
});

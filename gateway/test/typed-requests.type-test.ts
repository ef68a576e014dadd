// Type test, checked by `tsc` in `npm run lint` (never run): every line under an
// expect-error directive must fail to compile. If a contract stopped catching one of
// these mistakes, its directive would be unused and tsc would fail.
import { AuthSubject, FilesSubject, SharingSubject, type CallerIdentity, type FileItem, type RequestMeta } from '@coffer/contracts';
import { EventBus, RpcRouter, ServiceRequester } from '@coffer/server-core';

declare const services: ServiceRequester;
declare const meta: RequestMeta;
declare const bus: EventBus;
declare const rpc: RpcRouter;

export async function sendsWhatEachSubjectTakes() {
  // The right payloads compile, and the reply has the subject's type.
  const folder: FileItem = await services.request(FilesSubject.CreateFolder, { name: 'Invoices', parentId: 'root' }, meta);
  const shares = await services.request(SharingSubject.ListShares, { direction: 'by-me' }, meta);
  shares.items.map((share) => share.sharedWithEmail);

  // @ts-expect-error a folder needs a name
  await services.request(FilesSubject.CreateFolder, { parentId: 'root' }, meta);
  // @ts-expect-error a share's expiry is a number of days, not text
  await services.request(SharingSubject.CreateShare, { fileId: folder.id, email: 'ann@example.com', expiresInDays: 'soon' }, meta);
  // @ts-expect-error the client IP travels in the metadata, never in a payload
  await services.request(AuthSubject.SignIn, { email: 'ann@example.com', password: 'secret-1', ip: '203.0.113.7' }, meta);
  // @ts-expect-error a subject that no service answers
  await services.request('files.file.rename', { fileId: folder.id }, meta);

  const usage = await services.request(FilesSubject.StorageUsage, {}, meta);
  // @ts-expect-error the reply of storage usage has no items
  usage.items.length;
}

export function handlersAnswerTheirSubjectsReply() {
  rpc.handle(FilesSubject.StorageUsage, () => Promise.resolve({ usedBytes: 1, limitBytes: 2 }));
  // @ts-expect-error storage usage does not answer a list of files
  rpc.handle(FilesSubject.StorageUsage, () => Promise.resolve({ items: [] }));
}

export function eventsCarryTheirOwnPayload(caller: CallerIdentity) {
  bus.on('events.files.file.moved', async (event) => {
    event.payload.fromFolderId.toUpperCase();
  });
  // @ts-expect-error a share's revocation says nothing of folders
  bus.on('events.sharing.share.revoked', async (event) => event.payload.fromFolderId);
  // @ts-expect-error an event no service publishes
  bus.on('events.files.file.renaming', async () => undefined);
  // @ts-expect-error the registration event needs the new user's email and name
  void bus.publish('events.auth.user.registered', { accountId: caller.accountId, actorId: caller.userId, payload: { userId: caller.userId } });
}

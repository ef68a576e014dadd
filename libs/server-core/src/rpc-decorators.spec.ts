import 'reflect-metadata';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { PATTERN_METADATA } from '@nestjs/microservices/constants.js';
import { z } from 'zod';
import { AuthSubject, FilesSubject, type CallerIdentity, type FileItem, type ReceivedPayload } from '@coffer/contracts';
import { Caller, Client, Handles, Received, type ClientMeta } from './rpc.js';

declare const folder: FileItem;

// A handler names its subject once, in @Handles: the payload is validated with that subject's schema,
// and the method's types are checked against its contract. The lines under each @ts-expect-error must
// fail to compile (`tsc` in `npm run lint` fails on an unused directive).
class FolderHandlers {
  @Handles(FilesSubject.CreateFolder)
  create(@Caller() _caller: CallerIdentity, @Received() p: ReceivedPayload<typeof FilesSubject.CreateFolder>) {
    return Promise.resolve({ ...folder, name: p.name });
  }

  // @ts-expect-error the payload of creating a folder is not the payload of signing in
  @Handles(FilesSubject.CreateFolder)
  signInPayload(@Caller() _caller: CallerIdentity, @Received() _p: ReceivedPayload<typeof AuthSubject.SignIn>) {
    return Promise.resolve(folder);
  }

  // @ts-expect-error a folder's name is text
  @Handles(FilesSubject.CreateFolder)
  numberedName(@Received() _p: { name: number; parentId: string }) {
    return Promise.resolve(folder);
  }

  // @ts-expect-error the client's address comes with @Client, never in the payload
  @Handles(FilesSubject.CreateFolder)
  clientInPayload(@Client() _client: ClientMeta, @Received() _p: ReceivedPayload<typeof FilesSubject.CreateFolder> & { clientIp: string }) {
    return Promise.resolve(folder);
  }
}

/** The pipe Nest runs on the @Received() parameter of `method`. */
function payloadPipeOf(method: string) {
  const args: Record<string, { index: number; pipes: { transform(value: unknown): unknown }[] }> = Reflect.getMetadata(
    ROUTE_ARGS_METADATA,
    FolderHandlers,
    method,
  );
  const payload = Object.values(args).find((arg) => arg.pipes.length > 0);
  return { index: payload?.index, pipe: payload?.pipes[0] };
}

describe('@Handles(subject) with @Received()', () => {
  it('listens on the subject', () => {
    expect(Reflect.getMetadata(PATTERN_METADATA, FolderHandlers.prototype.create)).toEqual([FilesSubject.CreateFolder]);
  });

  it("validates the payload with the schema of the subject's contract, defaults applied", () => {
    const { index, pipe } = payloadPipeOf('create');
    expect(index).toBe(1);
    expect(pipe!.transform({ name: 'Invoices' })).toEqual({ name: 'Invoices', parentId: 'root' });
    expect(() => pipe!.transform({ parentId: 'root' })).toThrow(z.ZodError);
    expect(() => pipe!.transform(undefined)).toThrow(z.ZodError);
  });

  it('refuses every payload when the method names no subject', () => {
    class Unhandled {
      method(@Received() p: unknown) {
        return p;
      }
    }
    const args: Record<string, { pipes: { transform(value: unknown): unknown }[] }> = Reflect.getMetadata(ROUTE_ARGS_METADATA, Unhandled, 'method');
    expect(() => Object.values(args)[0]!.pipes[0]!.transform({})).toThrow('@Received() is on a method without @Handles(subject)');
  });
});

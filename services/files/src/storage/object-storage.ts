import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { isInlineSafe, SHARE_TICKET_SECONDS, SIGNED_URL_SECONDS } from '@coffer/contracts';
import { SERVICE_CONFIG } from '@coffer/server-core';
import { ObjectStore } from '@coffer/server-core/object-store';
import type { FilesConfig } from '../config.js';

/** Where file bytes live: an S3 bucket (s3rver in the embedded default). Browsers reach it only through presigned URLs. */
@Injectable()
export class ObjectStorage extends ObjectStore implements OnModuleInit {
  private readonly logger = new Logger(ObjectStorage.name);

  constructor(@Inject(SERVICE_CONFIG) config: FilesConfig) {
    super(config);
  }

  async onModuleInit() {
    if (await this.ensureBucket()) this.logger.log({ msg: 'Created the files bucket', bucket: this.bucket });
  }

  /**
   * A URL that opens (inline) or downloads (attachment) a file under its name,
   * for the spec's 3600 s. Only types that cannot run scripts open inline, as
   * the type they were stored with (text as plain UTF-8 text); any other is downloaded.
   * A share recipient's download (`viaShare`) is read by the gateway, which streams it:
   * that URL is signed for the services' endpoint, for the ticket's 60 s.
   */
  fileLink(key: string, filename: string, mimeType: string, disposition: 'inline' | 'attachment', viaShare = false): Promise<string> {
    const seconds = viaShare ? SHARE_TICKET_SECONDS : SIGNED_URL_SECONDS;
    const reader = { for: viaShare ? 'server' : 'browser' } as const;
    if (disposition === 'inline' && isInlineSafe(mimeType)) {
      const type = mimeType.toLowerCase().split(';')[0].trim();
      return this.presignGet(key, seconds, { type: 'inline', filename }, type === 'text/plain' ? 'text/plain; charset=utf-8' : type, reader);
    }
    return this.presignGet(key, seconds, { type: 'attachment', filename }, 'application/octet-stream', reader);
  }

  /** An object's bytes, read whole (small objects only: thumbnails and what they are made of). */
  async read(key: string): Promise<Uint8Array> {
    const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return res.Body!.transformToByteArray();
  }

  /** Stores an object the service made itself (a thumbnail). */
  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }));
  }

  private readonly secrets = new Map<string, Promise<Buffer>>();

  /**
   * A random 32-byte key every replica of the files service shares, kept in the bucket under `_coffer/keys/` (never
   * a user's prefix, never reachable by a browser): made by the first replica that needs it, read by the others.
   */
  secret(name: string): Promise<Buffer> {
    let secret = this.secrets.get(name);
    if (!secret) {
      const key = `_coffer/keys/${name}`;
      secret = (async () => {
        const stored = await this.readSecret(key);
        if (stored) return stored;
        await this.client
          .send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: randomBytes(32), ContentLength: 32, IfNoneMatch: '*' }))
          .catch(() => undefined); // another replica made it first: read theirs
        const made = await this.readSecret(key);
        if (!made) throw new Error(`The key ${key} could not be kept in the bucket`);
        return made;
      })();
      secret.catch(() => this.secrets.delete(name));
      this.secrets.set(name, secret);
    }
    return secret;
  }

  private async readSecret(key: string): Promise<Buffer | undefined> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const bytes = Buffer.from(await res.Body!.transformToByteArray());
      return bytes.length === 32 ? bytes : undefined;
    } catch {
      return undefined;
    }
  }

  /** Where a user's objects are kept: every key of theirs starts with it. */
  static prefixOf(userId: string) {
    return `${userId}/`;
  }
}

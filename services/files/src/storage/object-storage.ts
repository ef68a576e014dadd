import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { SIGNED_URL_SECONDS } from '@coffer/contracts';
import { SERVICE_CONFIG } from '@coffer/server-core';
import type { FilesConfig } from '../config.js';

/** RFC 6266 filename for Content-Disposition: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(disposition: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Where file bytes live: an S3 bucket (s3rver in the embedded default). Browsers reach it only through presigned URLs. */
@Injectable()
export class ObjectStorage implements OnModuleInit {
  private readonly logger = new Logger(ObjectStorage.name);
  private readonly client: S3Client;
  /** Signs URLs for the browser, with the endpoint the browser can reach. */
  private readonly signer: S3Client;
  readonly bucket: string;

  constructor(@Inject(SERVICE_CONFIG) config: FilesConfig) {
    this.bucket = config.S3_BUCKET;
    const client = (endpoint: string | undefined) =>
      new S3Client({
        endpoint,
        region: config.S3_REGION,
        forcePathStyle: Boolean(endpoint),
        credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY },
        // The SDK's default sends aws-chunked bodies that s3rver stores verbatim, corrupting objects,
        // and signs presigned PUTs with the checksum of an empty body.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
    this.client = client(config.S3_ENDPOINT);
    this.signer = client(config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT);
  }

  async onModuleInit() {
    if (await this.reachable()) return;
    this.logger.log({ msg: 'Creating the files bucket', bucket: this.bucket });
    await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
  }

  async reachable(): Promise<boolean> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return true;
    } catch {
      return false;
    }
  }

  /** A URL the browser PUTs exactly `size` bytes to, for `expiresIn` seconds. */
  presignPut(key: string, size: number, contentType: string, expiresIn: number): Promise<string> {
    return getSignedUrl(this.signer, new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentLength: size, ContentType: contentType }), {
      expiresIn,
      signableHeaders: new Set(['content-type']),
    });
  }

  /** A URL that opens (inline) or downloads (attachment) the object under `filename`. */
  presignGet(key: string, filename: string, disposition: 'inline' | 'attachment'): Promise<string> {
    return getSignedUrl(
      this.signer,
      new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentDisposition: contentDisposition(disposition, filename) }),
      { expiresIn: SIGNED_URL_SECONDS },
    );
  }

  /** The stored size of an object, or undefined if there is none. */
  async size(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength;
    } catch (err) {
      if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
      throw err;
    }
  }

  async remove(keys: string[]) {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      if (batch.length) await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
    }
  }
}

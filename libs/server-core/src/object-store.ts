import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListPartsCommand,
  UploadPartCommand,
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl, S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { z } from 'zod';
import { traceS3Calls } from './tracing.js';
import { contentDisposition } from './content-disposition.js';

/** The S3 settings of a service that keeps bytes (s3rver in the embedded default). */
export const objectStoreConfigSchema = z.object({
  S3_ENDPOINT: z.url().optional(),
  /** The S3 endpoint as browsers reach it, for presigned URLs (defaults to S3_ENDPOINT). */
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid S3 bucket name')
    .default('coffer-files'),
  /** Both or neither: unset in production = the AWS SDK's default chain (an IAM role, IRSA); unset elsewhere = the embedded S3's. */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
});
export type ObjectStoreConfig = z.infer<typeof objectStoreConfigSchema>;

export { contentDisposition };

/** A part of a multipart upload the store holds. */
export interface StoredPart {
  partNumber: number;
  size: number;
  etag: string;
}

/** RFC 3986 encoding, as SigV4 and S3's own URLs have it (only A-Z a-z 0-9 - _ . ~ left as they are). */
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** The S3 key given; without one, the embedded S3's outside production, and in production the SDK's default chain (undefined). */
function credentialsOf(config: ObjectStoreConfig & { NODE_ENV?: string }) {
  if (config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) return { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY };
  return config.NODE_ENV === 'production' ? undefined : { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
}

/**
 * One S3 bucket as a service sees it: objects by key, and presigned URLs signed
 * for the endpoint the browser reaches. Browsers reach bytes only through those.
 */
export class ObjectStore {
  protected readonly client: S3Client;
  /** Signs URLs for the browser, with the endpoint the browser can reach. */
  protected readonly signer: S3Client;
  /** Signs requests already built for `signer`'s endpoint (a multipart upload's parts): the signature alone. */
  private readonly partSigner: S3RequestPresigner;
  readonly bucket: string;

  constructor(config: ObjectStoreConfig & { NODE_ENV?: string }) {
    this.bucket = config.S3_BUCKET;
    const client = (endpoint: string | undefined) =>
      new S3Client({
        endpoint,
        region: config.S3_REGION,
        forcePathStyle: Boolean(endpoint),
        credentials: credentialsOf(config),
        // The SDK's default sends aws-chunked bodies that s3rver stores verbatim, corrupting objects,
        // and signs presigned PUTs with the checksum of an empty body.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
    this.client = client(config.S3_ENDPOINT);
    traceS3Calls(this.client);
    this.signer = client(config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT);
    this.partSigner = new S3RequestPresigner({ ...this.signer.config });
  }

  /** Creates the bucket when it is missing (the embedded default starts empty). */
  async ensureBucket(): Promise<boolean> {
    if (await this.reachable()) return false;
    await this.client.send(new CreateBucketCommand({ Bucket: this.bucket })).catch(async (err) => {
      if (!(await this.reachable())) throw err; // another service created it meanwhile
    });
    return true;
  }

  async reachable(): Promise<boolean> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * A URL the browser PUTs exactly `size` bytes to, once, for `expiresIn` seconds, with the headers it
   * must send. The size (content-length) and `if-none-match: *` are signed: the store refuses other
   * bytes, and a second PUT once the object exists (S3's conditional write), so a used slot stays used.
   */
  async presignPut(key: string, size: number, contentType: string, expiresIn: number): Promise<{ url: string; headers: Record<string, string> }> {
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentLength: size, ContentType: contentType, IfNoneMatch: '*' });
    const url = await getSignedUrl(this.signer, command, { expiresIn, signableHeaders: new Set(['content-type', 'content-length', 'if-none-match']) });
    return { url, headers: { 'content-type': contentType, 'if-none-match': '*' } };
  }

  /**
   * A URL that reads the object for `expiresIn` seconds, opened inline or
   * downloaded under `filename`, served as `contentType` when given (whatever type it was stored with).
   * `for: 'server'` signs it for the endpoint the services reach (a URL that never leaves the server side).
   */
  presignGet(
    key: string,
    expiresIn: number,
    disposition?: { type: 'inline' | 'attachment'; filename: string },
    contentType?: string,
    reader: { for: 'browser' | 'server' } = { for: 'browser' },
  ): Promise<string> {
    const ResponseContentDisposition = disposition && contentDisposition(disposition.type, disposition.filename);
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentDisposition, ResponseContentType: contentType });
    return getSignedUrl(reader.for === 'server' ? this.client : this.signer, command, { expiresIn });
  }

  /** Starts a multipart upload of `key`: the id its parts are sent under. */
  async startMultipart(key: string, contentType: string): Promise<string> {
    const started = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }));
    if (!started.UploadId) throw new Error('The store started no multipart upload');
    return started.UploadId;
  }

  /**
   * URLs the browser PUTs parts of a multipart upload to, each for exactly its size (signed), for
   * `expiresIn` seconds, in the order asked. The SDK builds the first (the request as this endpoint
   * wants it: its host, path style and the key's encoding); every part is then signed from it with
   * the signer alone, where the SDK's whole path costs about 0.7 ms a URL (70 ms of the service's
   * time for a batch of 100).
   */
  async presignParts(key: string, uploadId: string, parts: { partNumber: number; size: number }[], expiresIn: number): Promise<string[]> {
    if (!parts.length) return [];
    const signedHeaders = () => new Set(['content-length']);
    const first = new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber: parts[0].partNumber, ContentLength: parts[0].size });
    const template = new URL(await getSignedUrl(this.signer, first, { expiresIn, signableHeaders: signedHeaders() }));
    const query = Object.fromEntries([...template.searchParams].filter(([name]) => !name.startsWith('X-Amz-')));
    return Promise.all(
      parts.map(async ({ partNumber, size }) => {
        const signed = await this.partSigner.presign(
          {
            method: 'PUT',
            protocol: template.protocol,
            hostname: template.hostname,
            port: template.port ? Number(template.port) : undefined,
            path: template.pathname,
            query: { ...query, partNumber: String(partNumber) },
            headers: { host: template.host, 'content-length': String(size) },
          },
          { expiresIn, signableHeaders: signedHeaders() },
        );
        const search = Object.entries(signed.query ?? {}).flatMap(([name, value]) => [value ?? ''].flat().map((v) => `${rfc3986(name)}=${rfc3986(v)}`));
        return `${template.origin}${signed.path}?${search.join('&')}`;
      }),
    );
  }

  /** Every part the store holds of a multipart upload, page by page; undefined when the upload is gone. */
  async parts(key: string, uploadId: string): Promise<StoredPart[] | undefined> {
    const parts: StoredPart[] = [];
    let PartNumberMarker: string | undefined;
    try {
      do {
        const page = await this.client.send(new ListPartsCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumberMarker }));
        for (const p of page.Parts ?? []) {
          if (p.PartNumber && p.ETag && p.Size !== undefined) parts.push({ partNumber: p.PartNumber, size: p.Size, etag: p.ETag });
        }
        PartNumberMarker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
      } while (PartNumberMarker);
    } catch (err) {
      if (statusOf(err) === 404) return undefined;
      throw err;
    }
    return parts;
  }

  /** Joins the parts into the object; false when the upload is gone (completed by another call, or aborted). */
  async completeMultipart(key: string, uploadId: string, parts: StoredPart[]): Promise<boolean> {
    const Parts = [...parts].sort((a, b) => a.partNumber - b.partNumber).map((p) => ({ PartNumber: p.partNumber, ETag: p.etag }));
    try {
      await this.client.send(new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts } }));
      return true;
    } catch (err) {
      if (statusOf(err) === 404) return false;
      throw err;
    }
  }

  /** Drops a multipart upload and every part sent (nothing is kept); one already gone is fine. */
  async abortMultipart(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }));
    } catch (err) {
      if (statusOf(err) !== 404) throw err;
    }
  }

  /** The stored size of an object, or undefined if there is none. */
  async size(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength;
    } catch (err) {
      if (statusOf(err) === 404) return undefined;
      throw err;
    }
  }

  /** The first `length` bytes of an object (what its type is told by), or undefined if there is none. */
  async head(key: string, length: number): Promise<Uint8Array | undefined> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${length - 1}` }));
      const bytes = await res.Body!.transformToByteArray();
      return bytes.subarray(0, length);
    } catch (err) {
      if (statusOf(err) === 404) return undefined;
      // An empty object has no first bytes: S3 answers a range of it 416.
      if (statusOf(err) === 416) return new Uint8Array(0);
      throw err;
    }
  }

  /** Every key under `prefix`, page by page. */
  async *keys(prefix: string): AsyncGenerator<string[]> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken }));
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
      if (keys.length) yield keys;
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async remove(keys: string[]) {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      if (batch.length)
        await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
    }
  }

  /** Deletes every object under `prefix`. */
  async removeAll(prefix: string) {
    for await (const keys of this.keys(prefix)) await this.remove(keys);
  }
}

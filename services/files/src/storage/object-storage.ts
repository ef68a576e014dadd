import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { SERVICE_CONFIG } from '@coffer/server-core';
import type { FilesConfig } from '../config.js';

/** Where file bytes live: an S3 bucket (s3rver in the embedded default). */
@Injectable()
export class ObjectStorage implements OnModuleInit {
  private readonly logger = new Logger(ObjectStorage.name);
  readonly client: S3Client;
  readonly bucket: string;

  constructor(@Inject(SERVICE_CONFIG) config: FilesConfig) {
    this.bucket = config.S3_BUCKET;
    this.client = new S3Client({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      forcePathStyle: Boolean(config.S3_ENDPOINT),
      credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY },
      // The SDK's default sends aws-chunked bodies that s3rver stores verbatim, corrupting objects.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async onModuleInit() {
    if (await this.reachable()) return;
    this.logger.log({ msg: 'Creating the files bucket', bucket: this.bucket });
    await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
  }

  /** True when the bucket answers. */
  async reachable(): Promise<boolean> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return true;
    } catch {
      return false;
    }
  }
}

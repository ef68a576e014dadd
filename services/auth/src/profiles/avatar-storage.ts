import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { AVATAR_TYPES } from '@coffer/contracts';
import { SERVICE_CONFIG } from '@coffer/server-core';
import { ObjectStore } from '@coffer/server-core/object-store';
import type { AuthConfig } from '../config.js';

type AvatarType = (typeof AVATAR_TYPES)[number];

/** What the first bytes of a JPG, PNG and GIF are. */
const SIGNATURES: Record<AvatarType, number[][]> = {
  'image/jpeg': [[0xff, 0xd8, 0xff]],
  'image/png': [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  'image/gif': [
    [0x47, 0x49, 0x46, 0x38, 0x37, 0x61],
    [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  ],
};
export const SIGNATURE_BYTES = 8;

/** The image type the bytes really are (not what the browser said), or undefined. */
export function imageTypeOf(bytes: Uint8Array): AvatarType | undefined {
  return AVATAR_TYPES.find((type) => SIGNATURES[type].some((sig) => sig.every((b, i) => bytes[i] === b)));
}

/** Avatars in the files bucket under `avatars/<userId>/`: one object per upload, the old one deleted when replaced. */
@Injectable()
export class AvatarStorage extends ObjectStore implements OnModuleInit {
  private readonly logger = new Logger(AvatarStorage.name);

  constructor(@Inject(SERVICE_CONFIG) config: AuthConfig) {
    super(config);
  }

  async onModuleInit() {
    if (await this.ensureBucket()) this.logger.log({ msg: 'Created the bucket', bucket: this.bucket });
  }

  static prefixOf(userId: string) {
    return `avatars/${userId}/`;
  }

  static keyOf(userId: string, uploadId: string) {
    return `${AvatarStorage.prefixOf(userId)}${uploadId}`;
  }
}

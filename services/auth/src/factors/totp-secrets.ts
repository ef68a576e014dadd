import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { SERVICE_CONFIG } from '@coffer/server-core';
import type { AuthConfig } from '../config.js';

/** Encrypts TOTP secrets at rest (AES-256-GCM), so a database dump alone cannot mint codes. */
@Injectable()
export class TotpSecrets implements OnModuleInit {
  private key!: Buffer;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: AuthConfig) {}

  async onModuleInit() {
    if (this.config.TOTP_ENCRYPTION_KEY) {
      this.key = Buffer.from(this.config.TOTP_ENCRYPTION_KEY, 'base64');
      return;
    }
    // Embedded default: a key of its own beside (not inside) the auth database.
    const dir = join(this.config.DATA_DIR, 'auth-secrets');
    const file = join(dir, 'totp.key');
    try {
      this.key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
    } catch {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      this.key = randomBytes(32);
      await writeFile(file, this.key.toString('base64'), { mode: 0o600, flag: 'wx' }).catch(async () => {
        this.key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
      });
    }
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
  }

  open(sealed: string): string {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  }
}

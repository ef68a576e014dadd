import { Injectable } from '@nestjs/common';
import { asc } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { signingKeys } from '../db/schema.js';

/** The only place that reads and writes the embedded default's signing key. */
@Injectable()
export class SigningKeysRepository extends Repository {
  /** The first key ever stored, if any. */
  async oldest(): Promise<string | undefined> {
    const [row] = await this.db.select().from(signingKeys).orderBy(asc(signingKeys.createdAt)).limit(1);
    return row?.privateKeyPem;
  }

  /** Stores a key unless one is stored already (replicas may race on first start); returns the one that stays. */
  async keep(privateKeyPem: string): Promise<string> {
    await this.db.insert(signingKeys).values({ kid: 'embedded', privateKeyPem }).onConflictDoNothing();
    return (await this.oldest())!;
  }
}

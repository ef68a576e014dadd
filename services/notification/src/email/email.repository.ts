import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { Database } from '@coffer/server-core';
import { outboundEmails } from '../db/schema.js';

/** The only place that reads and writes the record of sent emails. */
@Injectable()
export class EmailRepository {
  async wasSent(tx: Database, id: string): Promise<boolean> {
    const rows = await tx.select({ id: outboundEmails.id }).from(outboundEmails).where(eq(outboundEmails.id, id));
    return rows.length > 0;
  }

  async recordSent(tx: Database, row: { id: string; recipient: string; template: string; subject: string; attempts: number }) {
    await tx.insert(outboundEmails).values(row).onConflictDoNothing();
  }
}

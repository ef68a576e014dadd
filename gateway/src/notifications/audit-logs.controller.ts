import { Controller, Get, Headers, Inject, Logger, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_PAGE_MAX,
  AuditSubject,
  auditLogsQuerySchema,
  auditRange,
  listAuditLogsReplySchema,
  type AuditEntry,
  type RequestMeta,
} from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { ValidQuery, type Valid } from '../api/validation.js';
import { Meta } from '../identity/caller.js';

/** One CSV cell: quoted when it must be, and never read as a formula by a spreadsheet. */
export function csvCell(value: string | null): string {
  let v = value ?? '';
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

const csvLine = (e: AuditEntry) =>
  [
    e.createdAt,
    e.action,
    e.resourceType,
    e.resourceId,
    e.actorId,
    e.actorName,
    e.ipAddress,
    e.userAgent,
    Object.entries(e.details)
      .map(([k, v]) => `${k}: ${v}`)
      .join('; '),
  ]
    .map(csvCell)
    .join(',') + '\r\n';

/** The account's audit log: a page as JSON, or (Accept: text/csv) every entry of a date range streamed as CSV. */
@Controller('audit-logs')
export class AuditLogsController {
  private readonly logger = new Logger(AuditLogsController.name);

  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Get()
  @ApiDoc({
    summary:
      "The account's audit log, newest first (owner, admins and moderators; plans with audit logs). With Accept: text/csv, every entry from..to as a CSV download",
    reply: listAuditLogsReplySchema,
  })
  async list(
    @Meta() meta: RequestMeta,
    @ValidQuery(auditLogsQuerySchema) query: Valid<typeof auditLogsQuerySchema>,
    @Headers('accept') accept: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const range = auditRange(query);
    if (!accept?.includes('text/csv')) {
      res.json(await this.services.request(AuditSubject.ListAuditLogs, { ...range, after: query.after, limit: query.limit }, meta));
      return;
    }

    // The first page is asked before anything is sent, so a refusal is still a JSON error.
    let page = await this.services.request(AuditSubject.ListAuditLogs, { ...range, limit: AUDIT_PAGE_MAX }, meta);
    const name = `coffer-audit-log${query.from ? `-${query.from}` : ''}${query.to ? `-to-${query.to}` : ''}.csv`;
    res.status(200).set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"` });
    res.write(AUDIT_CSV_COLUMNS.join(',') + '\r\n');
    try {
      for (;;) {
        // One page in memory at a time: a year of entries streams without being held whole.
        if (!res.write(page.items.map(csvLine).join(''))) await new Promise((resolve) => res.once('drain', resolve));
        if (!page.next || res.destroyed) break;
        page = await this.services.request(AuditSubject.ListAuditLogs, { ...range, after: page.next, limit: AUDIT_PAGE_MAX }, meta);
      }
      res.end();
    } catch (err) {
      this.logger.warn({ msg: 'Audit log export stopped part way', error: String(err) });
      res.destroy(err as Error);
    }
  }
}

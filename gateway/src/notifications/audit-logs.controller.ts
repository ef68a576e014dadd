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
import { streamCsv } from '../common/csv.js';
import { ValidQuery, type Valid } from '../api/validation.js';
import { Meta } from '../identity/caller.js';

const auditCells = (e: AuditEntry) => [
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
];

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
    // One page in memory at a time: a year of entries streams without being held whole.
    const first = await this.services.request(AuditSubject.ListAuditLogs, { ...range, limit: AUDIT_PAGE_MAX }, meta);
    await streamCsv(res, {
      fileName: `coffer-audit-log${query.from ? `-${query.from}` : ''}${query.to ? `-to-${query.to}` : ''}.csv`,
      columns: AUDIT_CSV_COLUMNS,
      first,
      next: (after) => this.services.request(AuditSubject.ListAuditLogs, { ...range, after, limit: AUDIT_PAGE_MAX }, meta),
      cells: auditCells,
      logger: this.logger,
    });
  }
}

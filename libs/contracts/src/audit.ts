import { z } from 'zod';
import { message } from './messages.js';
import { isoDateTime } from './text.js';

/** The audit log: kept by the notification service from every service's events, one log per account. */
export const AuditSubject = {
  /** The account's entries, newest first, a page at a time (the Settings card reads the first; the CSV export every page). */
  ListAuditLogs: 'notification.audit.list',
} as const;

/** Spec §9: the Audit Logs card fetches this many. */
export const AUDIT_LOGS_LIMIT = 50;
/** The largest page one request returns: the CSV export streams a year of entries page by page. */
export const AUDIT_PAGE_MAX = 1000;

/** What happened, as the card's badge shows it (spec §2: "delete" destructive, create/upload default, share secondary). */
export const AUDIT_ACTIONS = [
  'folder.create',
  'file.upload',
  'file.download',
  'files.zip_download',
  'file.move',
  'file.rename',
  'file.delete',
  'file.restore',
  'file.replace',
  'file.version_restore',
  'file.delete_forever',
  'file.share',
  'share.revoke',
  'share.access',
  'link.create',
  'link.update',
  'link.revoke',
  'link.password_throttle',
  'link.access',
  'file_request.create',
  'file_request.revoke',
  'file_request.upload',
  'user.sign_in',
  'user.two_factor_enable',
  'user.two_factor_disable',
  'user.recovery_codes_regenerate',
  'user.recovery_code_use',
  'session.end',
  'policy.sign_in_update',
  'policy.sharing_update',
  'team.invite',
  'team.invite_withdraw',
  'team.invite_decline',
  'team.join',
  'team.leave',
  'team.remove',
  'role.change',
  'branding.update',
  'plan.change',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_RESOURCE_TYPES = ['file', 'folder', 'share', 'user', 'team', 'branding', 'policy', 'plan', 'link', 'file_request'] as const;
export type AuditResourceType = (typeof AUDIT_RESOURCE_TYPES)[number];

/** One entry of the account's audit log (spec §3 audit_logs, with who did it and from where). */
export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  resourceType: z.enum(AUDIT_RESOURCE_TYPES),
  resourceId: z.string().nullable(),
  details: z.record(z.string(), z.string()),
  actorId: z.string().nullable(),
  /** The actor's name (else email) when they did it; null once they deleted their account. */
  actorName: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: isoDateTime(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

/** `<created at>~<id>` of the last entry of a page: the next page starts after it. */
const CURSOR = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z~[0-9a-zA-Z:._-]{1,200}$/;

export const listAuditLogsSchema = z
  .object({
    /** Entries at or after this time (the export's date range). */
    from: isoDateTime().optional(),
    /** Entries before this time. */
    to: isoDateTime().optional(),
    after: z.string().regex(CURSOR, 'Invalid page cursor').optional(),
    limit: z.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_LOGS_LIMIT),
  })
  .refine((q) => !q.from || !q.to || q.from < q.to, { error: 'The start of the range must be before its end', path: ['from'] });
export type ListAuditLogsRequest = z.input<typeof listAuditLogsSchema>;
export const listAuditLogsReplySchema = z.object({
  items: z.array(auditEntrySchema),
  /** Where the next page starts; null on the last page. */
  next: z.string().nullable(),
});
export type ListAuditLogsReply = z.output<typeof listAuditLogsReplySchema>;

const day = z
  .string()
  .regex(/^\d{4}-\d\d-\d\d$/, 'Dates must look like 2026-01-31')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), { error: 'Dates must look like 2026-01-31' });
/** GET /api/audit-logs: a date range (UTC days, both included), a page cursor and size. */
export const auditLogsQuerySchema = z.object({
  from: day.optional(),
  to: day.optional(),
  after: z.string().optional(),
  limit: z.coerce
    .number({ error: `A page holds 1 to ${AUDIT_PAGE_MAX} entries` })
    .int()
    .min(1, `A page holds 1 to ${AUDIT_PAGE_MAX} entries`)
    .max(AUDIT_PAGE_MAX, `A page holds 1 to ${AUDIT_PAGE_MAX} entries`)
    .optional(),
});
export type AuditLogsQuery = z.output<typeof auditLogsQuerySchema>;
/** The request for the entries of a range of days: from the first day's start to the end of the last (UTC). */
export function auditRange(query: Pick<AuditLogsQuery, 'from' | 'to'>): Pick<ListAuditLogsRequest, 'from' | 'to'> {
  const start = (d: string) => new Date(`${d}T00:00:00.000Z`);
  return {
    from: query.from ? start(query.from).toISOString() : undefined,
    to: query.to ? new Date(start(query.to).getTime() + 86_400_000).toISOString() : undefined,
  };
}

/** The CSV export's columns, in order. */
export const AUDIT_CSV_COLUMNS = [
  'created_at',
  'action',
  'resource_type',
  'resource_id',
  'actor_id',
  'actor_name',
  'ip_address',
  'user_agent',
  'details',
] as const;

export const auditRequests = {
  [AuditSubject.ListAuditLogs]: message(listAuditLogsSchema, listAuditLogsReplySchema),
};

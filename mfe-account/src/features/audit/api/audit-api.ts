import { cofferApi } from '@coffer/web-core/store';
import type { ListAuditLogsReply } from '@coffer/contracts';

/** The account's audit log: the latest 50 for the card, and the CSV export of a range of days. */
export const auditApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    listAuditLogs: build.query<ListAuditLogsReply, void>({
      query: () => '/audit-logs',
      keepUnusedDataFor: 0,
    }),
    exportAuditLogs: build.mutation<Blob, { from: string; to: string }>({
      query: ({ from, to }) => ({
        url: `/audit-logs?from=${from}&to=${to}`,
        headers: { accept: 'text/csv' },
        responseHandler: (res) => (res.ok ? res.blob() : res.json()),
      }),
    }),
  }),
});

export const { useListAuditLogsQuery, useExportAuditLogsMutation } = auditApi;

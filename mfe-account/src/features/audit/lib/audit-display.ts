import type { AuditEntry } from '@coffer/contracts';

/** Spec §2 Audit Logs card: destructive for deletes, default for create and upload, secondary for share, outline otherwise. */
export function auditBadgeVariant(action: string): 'destructive' | 'default' | 'secondary' | 'outline' {
  if (action.includes('delete')) return 'destructive';
  if (action.includes('create') || action.includes('upload')) return 'default';
  if (action.includes('share')) return 'secondary';
  return 'outline';
}

/**
 * An entry's details as one line of text, a bulk action's summary first (the database keeps details in its own key
 * order); a bulk action's every id stays in the export, the card has its count and first names.
 */
export const auditDetails = (entry: Pick<AuditEntry, 'details'>) =>
  Object.entries(entry.details)
    .filter(([key]) => key !== 'ids')
    .sort(([a], [b]) => Number(b === 'summary') - Number(a === 'summary'))
    .map(([key, value]) => `${key}: ${value}`)
    .join(', ');

/** A day as the date inputs and the export take it (UTC). */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

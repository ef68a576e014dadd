import { toast } from '@coffer/ui';
import { toApiError } from '@coffer/web-core/store';

/** Spec §8: a destructive toast titled as the catalogue says, with the server's message (or `fallback`) beneath. */
export function failureToast(title: string, error?: unknown, fallback?: string) {
  const message = error === undefined ? undefined : (toApiError(error).message ?? fallback);
  toast({ title, description: message ?? fallback, variant: 'destructive' });
}

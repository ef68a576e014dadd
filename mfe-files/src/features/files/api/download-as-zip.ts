import { toast } from '@coffer/ui';
import { getAccessToken, refreshSession, settledRefresh } from '@coffer/web-core';
import type { HttpErrorBody, ZipDownload } from '@coffer/contracts';
import { saveZipFrom } from '../../../lib/save-zip';

/** Asks the server for a download address for the items (POST /api/downloads), renewing the session once if it expired. */
async function zipAddress(itemIds: string[]): Promise<ZipDownload> {
  if (!getAccessToken()) await settledRefresh();
  const ask = () =>
    fetch('/api/downloads', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${getAccessToken() ?? ''}` },
      body: JSON.stringify({ items: itemIds }),
    });
  let res = await ask();
  if (res.status === 401 && (await refreshSession()) === 'refreshed') res = await ask();
  const body = (await res.json().catch(() => ({}))) as Partial<ZipDownload & HttpErrorBody>;
  if (!res.ok || !body.url) throw new Error(body.message ?? 'Coffer could not be reached. Please check your connection and try again.');
  return body as ZipDownload;
}

/**
 * Downloads files and folders as one zip, streamed by the server (a folder with everything in it; what the person
 * cannot view is left out by the server). Says so in a toast, or why it failed.
 */
export async function downloadAsZip(itemIds: string[]): Promise<void> {
  try {
    const { url } = await zipAddress(itemIds);
    saveZipFrom(url, itemIds);
    toast({ title: 'Download started', description: `${itemIds.length} ${itemIds.length === 1 ? 'item' : 'items'} as a zip` });
  } catch (error) {
    toast({ variant: 'destructive', title: 'Failed to download file', description: error instanceof Error ? error.message : undefined });
  }
}

import { toast } from '@coffer/ui';
import { toApiError } from '@coffer/web-core/store';

/** The server's reason, shown under the spec's title. */
export const failureToast = (title: string, error: unknown) => {
  const { message } = toApiError(error);
  toast({ variant: 'destructive', title, description: message ?? undefined });
};

/** Saves a file under its name ("Download"); the signed URL answers with Content-Disposition: attachment. */
export async function downloadFile(signedUrl: () => Promise<string>, name: string) {
  try {
    const url = await signedUrl();
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    toast({ title: 'File downloaded' });
  } catch (error) {
    failureToast('Failed to download file', error);
  }
}

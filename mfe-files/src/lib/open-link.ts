import { toast } from '@coffer/ui';
import { toApiError } from '@coffer/web-core/store';

/** The server's reason, shown under the spec's title. */
export const failureToast = (title: string, error: unknown) => {
  const { message } = toApiError(error);
  toast({ variant: 'destructive', title, description: message ?? undefined });
};

/** Opens a file in a new tab through the signed URL `signedUrl` fetches ("View"), with the spec's toasts. */
export async function viewFile(signedUrl: () => Promise<string>) {
  // Opened now, while the click still counts as the user's: a tab opened after the await would be blocked.
  const tab = window.open('', '_blank');
  try {
    // A share's download link is a path of this site: made whole before the blank tab follows it.
    const url = new URL(await signedUrl(), window.location.href).href;
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.open(url, '_blank', 'noopener');
    }
    toast({ title: 'Opening file' });
  } catch (error) {
    tab?.close();
    failureToast('Failed to view file', error);
  }
}

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

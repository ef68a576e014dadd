import { useState } from 'react';
import { Archive } from 'lucide-react';
import { Button, toast } from '@coffer/ui';
import { useZipLinkMutation } from '../api/links-api';
import { saveZipFrom } from '../../../lib/save-zip';
import { failureToast } from '../../../lib/open-link';

/** A folder link's "Download all": the whole folder as one zip (the server checks the link and counts it as one download). */
export function DownloadAllButton({ token, password }: { token: string; password?: string }) {
  const [zipLink] = useZipLinkMutation();
  const [starting, setStarting] = useState(false);
  const downloadAll = async () => {
    setStarting(true);
    try {
      const { url, items } = await zipLink({ token, password }).unwrap();
      saveZipFrom(url, items);
      toast({ title: 'Download started', description: 'The whole folder as a zip' });
    } catch (error) {
      failureToast('Failed to download file', error);
    } finally {
      setStarting(false);
    }
  };
  return (
    <Button className="self-start" onClick={() => void downloadAll()} disabled={starting}>
      <Archive aria-hidden />
      Download all
    </Button>
  );
}

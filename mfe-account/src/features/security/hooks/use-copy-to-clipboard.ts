import { useEffect, useState } from 'react';
import { toast, type ToastOptions } from '@coffer/ui';

/** How long the check mark replaces the copy icon (spec: 2 s). */
const COPIED_MS = 2000;

/**
 * Copies a text on demand: `copied` is true for 2 s after it worked, with the `done` toast; when the
 * browser refuses, a toast says what to do instead (`fallback`: "Select the secret key and copy it by hand.").
 */
export function useCopyToClipboard(done: ToastOptions, fallback: string) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast(done);
    } catch {
      toast({ variant: 'destructive', title: 'Copy failed', description: fallback });
    }
  };
  return { copied, copy };
}

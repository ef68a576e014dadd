import { Check, Copy, Download } from 'lucide-react';
import { Button } from '@coffer/ui';
import { AUTH_TOASTS } from '@coffer/web-core/store';
import { saveFile } from '../../../lib/save-file';
import { useCopyToClipboard } from '../hooks/use-copy-to-clipboard';

/** The text file Download saves: the codes, one a line, with what they are for. */
export const recoveryCodesText = (codes: string[]) =>
  ['Coffer recovery codes', 'Each code signs you in once if you cannot use your authenticator app.', '', ...codes, ''].join('\n');

/** The 10 recovery codes, shown this once: Download (a .txt) and Copy. */
export function RecoveryCodesPanel({ codes }: { codes: string[] }) {
  const { copied, copy } = useCopyToClipboard(AUTH_TOASTS.recoveryCodesCopied, 'Select the codes and copy them by hand, or download them.');

  return (
    <section aria-labelledby="recovery-codes-title" className="flex flex-col gap-3">
      <h3 id="recovery-codes-title" className="text-sm font-semibold">
        Save your recovery codes
      </h3>
      <p className="text-sm text-muted-foreground">
        If you lose your phone, each code signs you in once instead of the authenticator. Keep them somewhere safe: they are not shown again.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-md border border-border bg-muted/40 p-3 font-mono text-sm whitespace-nowrap sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="text-center select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          type="button"
          variant="outline"
          className="w-full sm:w-fit"
          onClick={() => saveFile(new Blob([recoveryCodesText(codes)], { type: 'text/plain' }), 'coffer-recovery-codes.txt')}
        >
          <Download aria-hidden />
          Download
        </Button>
        <Button type="button" variant="outline" className="w-full sm:w-fit" onClick={() => void copy(codes.join('\n'))}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </section>
  );
}

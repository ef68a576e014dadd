import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CheckCircle2, Upload } from 'lucide-react';
import { Button, Label, Progress, Spinner } from '@coffer/ui';
import { toApiError } from '@coffer/web-core/store';
import { formatFileSize } from '@coffer/web-core/format';
import { useFileRequestPageQuery } from '../api/file-requests-api';
import { useSendToRequest } from '../hooks/use-send-to-request';
import { companyOf, PublicFrame } from './public-frame';

type Sent = { key: string; name: string; size: number; status: 'sending' | 'sent' | 'failed'; percent: number; message?: string };

/**
 * A file request's public page (no sign-in): who asks for files, in their branding; the visitor picks
 * files and sends them. They see nothing of the folder: only what they sent. The server checks the
 * request, its cap and the account's limits for each file; what it refuses is said as it says it.
 */
export function PublicRequestView({ token }: { token: string }) {
  const { data: page, isLoading, error } = useFileRequestPageQuery(token);
  const sendFile = useSendToRequest(token);
  const [chosen, setChosen] = useState<File[]>([]);
  const [sent, setSent] = useState<Sent[]>([]);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    document.title = page ? `${page.requestedByName} asks you for files` : 'Send files';
  }, [page]);

  const mark = (key: string, change: Partial<Sent>) => setSent((all) => all.map((s) => (s.key === key ? { ...s, ...change } : s)));

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return;
    setSending(true);
    const batch = chosen.map((file, i) => ({ file, key: `${Date.now()}-${i}-${file.name}` }));
    setSent((all) => [...batch.map(({ file, key }) => ({ key, name: file.name, size: file.size, status: 'sending' as const, percent: 0 })), ...all]);
    setChosen([]);
    if (input.current) input.current.value = '';
    // One after another: each is checked against the request and the account as it goes.
    // Too many sent in the last minute (429): the rest of the batch waits, said with the server's words.
    let slowDown: string | undefined;
    for (const { file, key } of batch) {
      if (slowDown) {
        mark(key, { status: 'failed', message: slowDown });
        continue;
      }
      try {
        await sendFile(file, (percent) => mark(key, { percent }));
        mark(key, { status: 'sent', percent: 100 });
      } catch (caught) {
        const refusal = toApiError(caught);
        const message = refusal.message ?? 'The file could not be sent. Please try again.';
        if (refusal.status === 429) slowDown = message;
        mark(key, { status: 'failed', message });
      }
    }
    setSending(false);
  };

  const company = companyOf(page?.branding);
  return (
    <PublicFrame branding={page?.branding}>
      {isLoading && <Spinner label="Opening file request" />}
      {!isLoading && !page && (
        <div role="alert" className="flex flex-col gap-2 text-center">
          <h1 className="text-xl font-semibold">This file request cannot be used</h1>
          <p className="text-muted-foreground">{toApiError(error).message ?? 'This file request could not be opened.'}</p>
        </div>
      )}
      {page && (
        <>
          <div className="flex flex-col gap-1">
            <h1 className="text-xl font-semibold break-words">{page.requestedByName} asks you for files</h1>
            {page.title && <p className="break-words">{page.title}</p>}
            {company && <p className="text-sm text-muted-foreground">From {company}</p>}
            <p className="text-sm text-muted-foreground">
              Files up to {formatFileSize(page.maxBytes)} each
              {page.expiresAt && ` · Open until ${new Date(page.expiresAt).toLocaleDateString()}`}. Only {page.requestedByName} sees what you send.
            </p>
          </div>
          <form noValidate aria-label="Send files" className="flex flex-col gap-3" onSubmit={(event) => void send(event)}>
            <Label htmlFor="request-files">Files to send</Label>
            <input
              id="request-files"
              ref={input}
              type="file"
              multiple
              onChange={(event) => setChosen(Array.from(event.currentTarget.files ?? []))}
              className="text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-1.5"
            />
            <Button type="submit" disabled={sending || chosen.length === 0}>
              {sending ? <Spinner label="Sending" className="size-4" /> : <Upload aria-hidden />}
              {chosen.length > 1 ? `Send ${chosen.length} files` : 'Send file'}
            </Button>
          </form>
          {sent.length > 0 && (
            <ul aria-label="Files you sent" className="flex flex-col gap-2">
              {sent.map((s) => (
                <li key={s.key} className="flex items-start gap-2 rounded-md border border-border p-2 text-sm">
                  {s.status === 'sent' && <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />}
                  {s.status === 'sending' && <Spinner label="Sending" className="mt-0.5 size-4 shrink-0" />}
                  <div className="min-w-0 flex-1">
                    <p className="break-all">{s.name}</p>
                    <p className={s.status === 'failed' ? 'text-destructive' : 'text-muted-foreground'}>
                      {s.status === 'failed' ? s.message : `${formatFileSize(s.size)} · ${s.status === 'sent' ? 'Sent' : `Sending… ${s.percent}%`}`}
                    </p>
                    {s.status === 'sending' && <Progress value={s.percent} aria-label={`${s.name}: sent so far`} className="mt-1" />}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </PublicFrame>
  );
}

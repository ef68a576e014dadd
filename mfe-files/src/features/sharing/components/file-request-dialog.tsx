import { useState, type FormEvent } from 'react';
import { Inbox, Link2Off } from 'lucide-react';
import { Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger, FormField, toast } from '@coffer/ui';
import { useAccountPlanQuery } from '@coffer/web-core/store';
import { formatRelativeTime } from '@coffer/web-core/format';
import { FILE_REQUEST_MAX_CAP_BYTES, type CreatedFileRequest, type FileRequestItem } from '@coffer/contracts';
import { useCreateFileRequestMutation, useListFileRequestsQuery, useRevokeFileRequestMutation } from '../api/file-requests-api';
import { failureToast } from '../../../lib/open-link';
import { CreatedLinkBox } from './link-section';

const MB = 1024 ** 2;
const MAX_MB = FILE_REQUEST_MAX_CAP_BYTES / MB;

/**
 * "Request files" where the user may add: an upload-only link to this folder, with an optional expiry
 * (where the plan has link expiry) and size cap per file; the folder's requests, each with what it has
 * received, and Turn off.
 */
export function FileRequestDialog({ folderId, folderName }: { folderId: string; folderName: string }) {
  const [open, setOpen] = useState(false);
  const plan = useAccountPlanQuery().data;
  const expiryOffered = plan?.features.hasLinkExpiry ?? false;
  const { data } = useListFileRequestsQuery(undefined, { skip: !open });
  const [create, { isLoading }] = useCreateFileRequestMutation();
  const [title, setTitle] = useState('');
  const [days, setDays] = useState('');
  const [capMb, setCapMb] = useState('');
  const [errors, setErrors] = useState<{ days?: string; capMb?: string }>({});
  const [made, setMade] = useState<CreatedFileRequest | null>(null);
  const requests = (data?.items ?? []).filter((r) => r.folderId === folderId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const expiresInDays = days.trim() === '' ? null : Number(days);
    const cap = capMb.trim() === '' ? null : Number(capMb);
    const found = {
      days: expiresInDays !== null && (!Number.isInteger(expiresInDays) || expiresInDays < 1) ? 'Enter a whole number of days' : undefined,
      capMb: cap !== null && (!(cap > 0) || cap > MAX_MB) ? `Enter a size from 0.01 to ${MAX_MB} MB` : undefined,
    };
    setErrors(found);
    if (found.days || found.capMb) return;
    try {
      const request = await create({ folderId, title, expiresInDays, maxBytes: cap === null ? null : Math.round(cap * MB) }).unwrap();
      setMade(request);
      setTitle('');
      setDays('');
      setCapMb('');
    } catch (error) {
      failureToast('Failed to create file request', error);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setMade(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Inbox aria-hidden />
          Request files
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90svh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Request files</DialogTitle>
          <DialogDescription>Anyone with the link can upload files into {folderName}. They cannot see what is in it.</DialogDescription>
        </DialogHeader>
        <form noValidate aria-label="New file request" className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
          <FormField label="What you are asking for (optional)" maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField
              label="Expires after (days)"
              type="number"
              min={1}
              inputMode="numeric"
              disabled={!expiryOffered}
              placeholder={expiryOffered ? 'Never' : 'Pro and Enterprise'}
              value={days}
              error={errors.days}
              onChange={(e) => setDays(e.target.value)}
            />
            <FormField
              label="Largest file (MB)"
              type="number"
              min={0.01}
              step="any"
              placeholder={`Up to ${MAX_MB}`}
              value={capMb}
              error={errors.capMb}
              onChange={(e) => setCapMb(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={isLoading} className="self-start">
            Create request link
          </Button>
        </form>
        {made && <CreatedLinkBox url={made.url} title="File request created" label="Request address" />}
        {requests.length > 0 && (
          <ul aria-label="File requests for this folder" className="flex flex-col gap-2">
            {requests.map((request) => (
              <RequestRow key={request.id} request={request} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

function RequestRow({ request }: { request: FileRequestItem }) {
  const [revoke, { isLoading }] = useRevokeFileRequestMutation();
  const received = `${request.uploadCount} ${request.uploadCount === 1 ? 'file' : 'files'} received`;
  const until = request.expiresAt ? ` · Until ${new Date(request.expiresAt).toLocaleDateString()}` : '';
  const turnOff = () =>
    void revoke(request.id)
      .unwrap()
      .then(
        () => toast({ title: 'File request turned off' }),
        (error: unknown) => failureToast('Failed to turn off file request', error),
      );
  return (
    <li className="flex items-center justify-between gap-2 rounded-md border border-border p-2 text-sm">
      <div className="min-w-0 flex-1">
        <p className="break-words">{request.title || `Request made ${formatRelativeTime(request.createdAt)}`}</p>
        <p className="text-xs text-muted-foreground">
          {received}
          {until}
        </p>
      </div>
      <Button variant="outline" size="sm" disabled={isLoading} onClick={turnOff} aria-label={`Turn off ${request.title || 'file request'}`}>
        <Link2Off aria-hidden />
        Turn off
      </Button>
    </li>
  );
}

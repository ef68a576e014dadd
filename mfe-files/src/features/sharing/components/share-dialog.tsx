import { useRef, useState, type FormEvent } from 'react';
import { SlidersHorizontal, UserX } from 'lucide-react';
import { z } from 'zod';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  type FormFieldProps,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Spinner,
  toast,
} from '@coffer/ui';
import { useZodForm } from '@coffer/ui/form';
import { useAccountPlanQuery } from '@coffer/web-core/store';
import { createShareSchema, parseAllowedIps, SHARE_LEVELS, type CreateShareInput, type FileItem, type ShareItem, type ShareLevel } from '@coffer/contracts';
import { allowsShareRestriction, planFeatures, type PlanFeatures, type ShareRestriction } from '@coffer/plans';
import { useCreateShareMutation } from '../api/sharing-api';
import { useShareList } from '../hooks/use-share-list';
import { ShowMore } from './show-more';
import { useRevokeShare } from '../../../hooks/use-revoke-share';
import { ShareAccessHistory } from './share-access-history';
import { LinkSection } from './link-section';
import { describeRestrictions, restrictionValues } from '../lib/restrictions';
import { failureToast } from '../../../lib/open-link';

interface ShareDialogProps {
  /** The file or folder to share; the dialog is open while it is set. */
  file: (Pick<FileItem, 'id' | 'name'> & Partial<Pick<FileItem, 'isFolder'>>) | null;
  onClose: () => void;
}

type Field = 'email' | 'allowedIps' | 'expiresInDays' | 'maxAccessCount';
const EMPTY = { email: '', allowedIps: '', expiresInDays: '', maxAccessCount: '' } satisfies Record<Field, string>;

/** Spec §2: each optional field shows only when the plan has its capability; empty means no restriction. */
const PRO_OPTIONS: Array<{ field: ShareRestriction; numeric: boolean; label: string; placeholder: string; hint: string }> = [
  {
    field: 'allowedIps',
    numeric: false,
    label: 'IP Restrictions (Pro Feature)',
    placeholder: '203.0.113.7, 198.51.100.0/24',
    hint: 'Comma-separated IP addresses allowed to open the file. Leave empty for no restriction.',
  },
  {
    field: 'expiresInDays',
    numeric: true,
    label: 'Link Expiry (Pro Feature)',
    placeholder: '7',
    hint: 'Days until the link stops working. Leave empty for no expiry.',
  },
  {
    field: 'maxAccessCount',
    numeric: true,
    label: 'Maximum Access Count (Pro Feature)',
    placeholder: '10',
    hint: 'How many times the file can be opened. Leave empty for unlimited.',
  },
];

/** What a folder's recipient may do, as the dialog offers it. */
export const SHARE_LEVEL_LABELS: Record<ShareLevel, string> = { view: 'Can view', edit: 'Can edit' };

/** A form field with a line of help under it. */
function FieldWithHint({ hint, ...field }: FormFieldProps & { hint: string }) {
  return (
    <div className="flex flex-col gap-1.5">
      <FormField {...field} />
      <p className="text-xs text-muted-foreground">{hint}</p>
    </div>
  );
}

/** An optional number field: empty means "no restriction". */
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** The dialog's text fields, as the share request the server checks them with (the options the plan lacks stay unset). */
const shareFormSchema = (fileId: string, level: ShareLevel, features: PlanFeatures) =>
  z
    .object({ email: z.string(), allowedIps: z.string(), expiresInDays: z.string(), maxAccessCount: z.string() })
    .transform((values): CreateShareInput => ({
      fileId,
      level,
      email: values.email,
      allowedIps: allowsShareRestriction(features, 'allowedIps') ? parseAllowedIps(values.allowedIps) : null,
      expiresInDays: allowsShareRestriction(features, 'expiresInDays') ? numberOrNull(values.expiresInDays) : null,
      maxAccessCount: allowsShareRestriction(features, 'maxAccessCount') ? numberOrNull(values.maxAccessCount) : null,
    }))
    .pipe(createShareSchema);

/**
 * The Share File dialog (spec §2): the recipient's email, the Pro options the
 * plan has, and who the file is already shared with, each with Revoke. For a
 * folder: Share Folder, with Can view or Can edit.
 */
export function ShareDialog({ file, onClose }: ShareDialogProps) {
  const [createShare, { isLoading: sharing }] = useCreateShareMutation();
  // Billing answers the plan with its features; until it has, the options of no plan.
  const features = useAccountPlanQuery(undefined, { skip: !file }).data?.features ?? planFeatures(null);
  const { shares } = useShareList({ direction: 'by-me', fileId: file?.id ?? '' }, { skip: !file });
  const existingFor = (email: string) => shares.find((s) => s.sharedWithEmail === email.trim().toLowerCase());
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  const [level, setLevel] = useState<ShareLevel>('view');
  const isFolder = file?.isFolder === true;
  const noun = isFolder ? 'Folder' : 'File';
  const fill = (reset: (next: typeof EMPTY) => void, share: ShareItem, email = share.sharedWithEmail) => {
    setFilledFrom(share.id);
    setLevel(share.level);
    reset({ email, ...restrictionValues(share) });
  };
  const form = useZodForm(shareFormSchema(file?.id ?? '', isFolder ? level : 'view', features), EMPTY, (values, { reset }) => {
    // Typing an address the file is shared with already brings its restrictions into the fields (once), so sharing again keeps them.
    const existing = existingFor(values.email);
    if (existing && existing.id !== filledFrom) fill(reset, existing, values.email);
  });
  const fillFrom = (share: ShareItem) => fill(form.reset, share);
  const again = existingFor(form.values.email);

  // The same request pressed again (after a failure whose answer was lost) keeps its id, so the server makes it once and emails once.
  const press = useRef<{ request: string; requestId: string } | null>(null);
  const close = () => {
    form.reset();
    setFilledFrom(null);
    setLevel('view');
    press.current = null;
    onClose();
  };

  const shareFile = async (request: z.output<ReturnType<typeof shareFormSchema>>) => {
    if (sharing) return;
    const asSent = JSON.stringify(request);
    if (press.current?.request !== asSent) press.current = { request: asSent, requestId: crypto.randomUUID() };
    try {
      const share = await createShare({ ...request, requestId: press.current.requestId }).unwrap();
      toast({ title: `${noun} shared with ${share.sharedWithEmail}` });
      close();
    } catch (error) {
      // Spec §4: on failure the dialog stays open.
      failureToast(`Failed to share ${noun.toLowerCase()}`, error);
    }
  };
  // The form's check runs as it is submitted, then shareFile (which keeps the request's id from one press to the next).
  const submit = (event: FormEvent<HTMLFormElement>) => form.handleSubmit(shareFile)(event);

  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Share {noun}</DialogTitle>
          <DialogDescription className="break-all">{file?.name}</DialogDescription>
        </DialogHeader>
        <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
          <FieldWithHint
            label="Share with Email"
            hint={`They get an email notification and find the ${noun.toLowerCase()} in the Shared section.`}
            type="email"
            autoComplete="off"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's first field takes the focus as it opens (WAI-ARIA dialog pattern)
            autoFocus
            placeholder="Enter email address"
            {...form.field('email')}
          />
          {isFolder && (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="share-level">Permission</Label>
              <Select value={level} onValueChange={(next) => setLevel(next as ShareLevel)}>
                <SelectTrigger id="share-level" aria-label="Permission" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {SHARE_LEVELS.map((option) => (
                    <SelectItem key={option} value={option}>
                      {SHARE_LEVEL_LABELS[option]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <p className="text-xs text-muted-foreground">
                {level === 'edit' ? 'They can open, download and add files and folders.' : 'They can open and download what is in it.'}
              </p>
            </div>
          )}
          {again && (
            <p role="status" className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
              Already shared with {again.sharedWithEmail}. Sharing again applies the options below (its current ones are filled in) and sends the email again.
            </p>
          )}
          {PRO_OPTIONS.filter((option) => allowsShareRestriction(features, option.field)).map((option) => (
            <FieldWithHint
              key={option.field}
              label={option.label}
              hint={option.hint}
              placeholder={option.placeholder}
              {...(option.numeric ? { type: 'text', inputMode: 'numeric' as const, autoComplete: 'off' } : {})}
              {...form.field(option.field)}
            />
          ))}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={form.values.email.trim() === '' || sharing}>
              {sharing ? 'Sharing...' : `Share ${noun}`}
            </Button>
          </DialogFooter>
        </form>
        {file && <SharedWithList fileId={file.id} onChange={(share) => fillFrom(share)} />}
        {file && <LinkSection fileId={file.id} isFolder={isFolder} />}
      </DialogContent>
    </Dialog>
  );
}

/** Who the file is shared with already, each with their opens, Change (their options, in the form above) and Revoke. */
function SharedWithList({ fileId, onChange }: { fileId: string; onChange: (share: ShareItem) => void }) {
  const list = useShareList({ direction: 'by-me', fileId });
  const { revokeShare, revoking } = useRevokeShare();
  if (list.isLoading) return <Spinner label="Loading shares" />;
  const { shares } = list;
  if (shares.length === 0) return null;
  return (
    <section aria-label="Shared with" className="flex flex-col gap-2 border-t border-border pt-4">
      <h3 className="text-sm font-medium">Shared with</h3>
      <ul className="flex flex-col gap-2">
        {shares.map((share) => (
          <li key={share.id} className="flex flex-col gap-1 text-sm">
            <div className="flex items-center justify-between gap-2">
              <div className="min-w-0 flex-1">
                <p className="break-all">{share.sharedWithEmail}</p>
                <p className="text-xs text-muted-foreground">
                  {[...(share.kind === 'folder' ? [SHARE_LEVEL_LABELS[share.level]] : []), ...describeRestrictions(share)].join(' · ') || 'No restrictions'}
                </p>
              </div>
              <div className="flex shrink-0 flex-col items-end sm:flex-row">
                <Button variant="ghost" size="sm" aria-label={`Change the options for ${share.sharedWithEmail}`} onClick={() => onChange(share)}>
                  <SlidersHorizontal aria-hidden />
                  Change
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={revoking}
                  aria-label={`Revoke access for ${share.sharedWithEmail}`}
                  onClick={() => void revokeShare(share)}
                >
                  <UserX aria-hidden />
                  Revoke
                </Button>
              </div>
            </div>
            <ShareAccessHistory shareId={share.id} recipient={share.sharedWithEmail} />
          </li>
        ))}
      </ul>
      <ShowMore list={list} />
    </section>
  );
}

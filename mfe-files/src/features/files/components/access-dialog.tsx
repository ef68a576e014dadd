import { useState } from 'react';
import { Lock, ShieldCheck, X } from 'lucide-react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  toast,
} from '@coffer/ui';
import { toApiError, useGetBrandingQuery } from '@coffer/web-core/store';
import { ACCESS_LEVEL_LABELS, ACCESS_LEVELS, EVERYONE, everyoneAt, PLAN_REFUSALS, type AccessEntry, type AccessLevel } from '@coffer/contracts';
import { useAccessPeopleQuery, useGetFolderAccessQuery, useSetFolderAccessMutation } from '../../../api/team-folders-api';

/** What each level allows, under the title of a dialog that changes an access list. */
export const LEVELS_HELP = 'Can view: open and download. Can edit: also upload, create and trash. Can manage: also change access.';

const isLevel = (value: string): value is AccessLevel => (ACCESS_LEVELS as readonly string[]).includes(value);

function LevelSelect({ value, onChange, label }: { value: AccessLevel; onChange: (level: AccessLevel) => void; label: string }) {
  return (
    <Select value={value} onValueChange={(next) => isLevel(next) && onChange(next)}>
      <SelectTrigger aria-label={label} size="sm" className="flex-1 sm:w-36 sm:flex-none">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {ACCESS_LEVELS.map((level) => (
          <SelectItem key={level} value={level}>
            {ACCESS_LEVEL_LABELS[level]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** The list being edited, once read: what the server holds until Save. */
export function AccessForm({ folderId, isTeamFolder, onDone }: { folderId: string; isTeamFolder: boolean; onDone: () => void }) {
  const { data: access, error } = useGetFolderAccessQuery(folderId);
  const people = useAccessPeopleQuery();
  const company = useGetBrandingQuery().data?.companyName ?? '';
  const [setAccess, { isLoading }] = useSetFolderAccessMutation();
  const [edited, setEdited] = useState<{ own: boolean; entries: AccessEntry[] } | null>(null);
  const [adding, setAdding] = useState('');
  if (error) return <p className="text-sm text-destructive">{toApiError(error).message ?? 'The access list could not be read.'}</p>;
  if (!access) return <p className="text-sm text-muted-foreground">Loading…</p>;

  if (!access.permissionsAvailable)
    return (
      <div role="region" aria-label="Permissions" className="flex flex-col gap-3 rounded-md border p-4">
        <p className="flex items-center gap-2 font-medium">
          <Lock aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          {everyoneAt(company)} can edit every team folder.
        </p>
        <p className="text-sm text-muted-foreground">{PLAN_REFUSALS.hasPermissions}</p>
        <Button asChild className="w-full sm:w-fit">
          <a href="/pricing">Upgrade</a>
        </Button>
      </div>
    );

  const own = edited?.own ?? access.own;
  const entries = edited?.entries ?? (access.own ? access.entries : []);
  const change = (next: Partial<{ own: boolean; entries: AccessEntry[] }>) => setEdited({ own, entries, ...next });
  const members = (people.data?.items ?? []).filter((m) => m.status === 'active' && m.userId);
  const nameOf = (grantee: string) => {
    if (grantee === EVERYONE) return everyoneAt(company);
    const member = members.find((m) => m.userId === grantee);
    return member ? member.fullName || member.email : 'A former member';
  };
  const choices = [EVERYONE, ...members.map((m) => m.userId!)].filter((g) => !entries.some((e) => e.grantee === g));

  const save = async () => {
    try {
      await setAccess({ folderId, own, entries: own ? entries : [] }).unwrap();
      toast({ title: 'Access saved' });
      onDone();
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Failed to save access', description: toApiError(caught).message ?? undefined });
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {!isTeamFolder && (
        <div className="flex items-start gap-2">
          <Checkbox id="restricted-folder" checked={own} onCheckedChange={(checked) => change({ own: checked === true })} />
          <Label htmlFor="restricted-folder" className="flex flex-col items-start gap-1">
            Restricted folder
            <span className="text-xs font-normal text-muted-foreground">
              {own ? 'Only the people below (and the owner and admins) can open it.' : `Uses the access of ${access.from.name}.`}
            </span>
          </Label>
        </div>
      )}
      {own && (
        <>
          <ul aria-label="Who has access" className="flex flex-col gap-2">
            {entries.length === 0 && <li className="text-sm text-muted-foreground">Only the owner and admins.</li>}
            {entries.map((entry) => (
              <li key={entry.grantee} className="flex flex-wrap items-center gap-2">
                <span className="w-full min-w-0 truncate text-sm sm:w-auto sm:flex-1">{nameOf(entry.grantee)}</span>
                <LevelSelect
                  label={`Level of ${nameOf(entry.grantee)}`}
                  value={entry.level}
                  onChange={(level) => change({ entries: entries.map((e) => (e.grantee === entry.grantee ? { ...e, level } : e)) })}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${nameOf(entry.grantee)}`}
                  onClick={() => change({ entries: entries.filter((e) => e.grantee !== entry.grantee) })}
                >
                  <X aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
          {choices.length > 0 && (
            <div className="flex items-center gap-2">
              <Select value={adding} onValueChange={setAdding}>
                <SelectTrigger aria-label="Add people" size="sm" className="min-w-0 flex-1">
                  <SelectValue placeholder="Add people…" />
                </SelectTrigger>
                <SelectContent>
                  {choices.map((grantee) => (
                    <SelectItem key={grantee} value={grantee}>
                      {nameOf(grantee)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <Button
                variant="outline"
                size="sm"
                disabled={!adding}
                onClick={() => {
                  change({ entries: [...entries, { grantee: adding, level: 'view' }] });
                  setAdding('');
                }}
              >
                Add
              </Button>
            </div>
          )}
        </>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="button" disabled={isLoading} onClick={() => void save()}>
          Save
        </Button>
      </DialogFooter>
    </div>
  );
}

/** "Access" of a team folder or a folder inside one (Can manage): who can open it and at which level; plan-gated. */
export function AccessDialog({ folderId, folderName, isTeamFolder }: { folderId: string; folderName: string; isTeamFolder: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <ShieldCheck aria-hidden />
          Access
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Access to {folderName}</DialogTitle>
          <DialogDescription>{LEVELS_HELP}</DialogDescription>
        </DialogHeader>
        {open && <AccessForm folderId={folderId} isTeamFolder={isTeamFolder} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

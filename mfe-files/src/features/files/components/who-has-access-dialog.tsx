import { useState } from 'react';
import { Mail, X } from 'lucide-react';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@coffer/ui';
import { toApiError, useGetBrandingQuery } from '@coffer/web-core/store';
import { ACCESS_LEVEL_LABELS, EVERYONE, everyoneAt, type AccessGrant, type FileItem } from '@coffer/contracts';
import { useAccessPeopleQuery, useWhoHasAccessQuery } from '../../../api/team-folders-api';
import { useRevokeShare } from '../../../hooks/use-revoke-share';
import { AccessForm, LEVELS_HELP } from './access-dialog';

const VIA_KINDS = { 'team-folder': 'team folder', 'restricted-folder': 'restricted folder' } as const;

/** Why a grant lets its person in, in words. */
function reasonOf(grant: AccessGrant): string {
  if (grant.kind === 'my-files') return 'Their My files';
  if (grant.kind === 'role') return 'Manages every team folder';
  return grant.via ? `From ${grant.via.name} (${VIA_KINDS[grant.via.kind]})` : '';
}

/** Everyone who can open the item and why, its shares by email (with Remove where the user may), and Change access for those who manage it. */
function WhoHasAccessList({ item, onChange, onClose }: { item: FileItem; onChange: (folder: NonNullable<AccessGrant['via']>) => void; onClose: () => void }) {
  const { data, error } = useWhoHasAccessQuery(item.id);
  const people = useAccessPeopleQuery().data?.items ?? [];
  const company = useGetBrandingQuery().data?.companyName ?? '';
  const { revokeShare, revoking } = useRevokeShare();
  if (error) return <p className="text-sm text-destructive">{toApiError(error).message ?? 'Who has access could not be read.'}</p>;
  if (!data) return <p className="text-sm text-muted-foreground">Loading…</p>;

  const nameOf = (grantee: string) => {
    if (grantee === EVERYONE) return everyoneAt(company);
    if (grantee === 'owner') return 'Account owner';
    if (grantee === 'admin') return 'Admins';
    const person = people.find((m) => m.userId === grantee);
    return person ? person.fullName || person.email : 'A former member';
  };
  const source = data.grants.find((g) => g.via)?.via;

  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="People with access" className="flex flex-col gap-3">
        {data.grants.map((grant) => (
          <li key={`${grant.kind}-${grant.grantee}`} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <span className="flex min-w-0 flex-col">
              <span className="truncate text-sm font-medium">{nameOf(grant.grantee)}</span>
              <span className="text-xs text-muted-foreground">{reasonOf(grant)}</span>
            </span>
            <span className="text-sm text-muted-foreground">{ACCESS_LEVEL_LABELS[grant.level]}</span>
          </li>
        ))}
      </ul>
      {data.shares.length > 0 && (
        <section aria-label="Shared by email" className="flex flex-col gap-2 border-t pt-3">
          <h3 className="text-sm font-medium">Shared by email</h3>
          <ul className="flex flex-col gap-2">
            {data.shares.map((share) => (
              <li key={share.id} className="flex items-center justify-between gap-2">
                <span className="flex min-w-0 items-start gap-2">
                  <Mail aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate text-sm">{share.sharedWithEmail}</span>
                    <span className="text-xs text-muted-foreground">
                      Shared by {share.sharedByName}
                      {share.expiresAt ? ` · expires ${new Date(share.expiresAt).toLocaleDateString()}` : ''}
                    </span>
                  </span>
                </span>
                {share.canRevoke && (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${share.sharedWithEmail}`}
                    disabled={revoking}
                    onClick={() => void revokeShare(share)}
                  >
                    <X aria-hidden />
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <DialogFooter>
        {data.canManage && source && (
          <Button type="button" variant="outline" onClick={() => onChange(source)}>
            Change access
          </Button>
        )}
        <Button type="button" onClick={onClose}>
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}

/** "Who has access" of a file or folder card: the list, and the access list it comes from for those who may change it. */
export function WhoHasAccessDialog({ item, onClose }: { item: FileItem | null; onClose: () => void }) {
  const [changing, setChanging] = useState<NonNullable<AccessGrant['via']> | null>(null);
  const close = () => {
    setChanging(null);
    onClose();
  };
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{changing ? `Access to ${changing.name}` : `Who has access to ${item?.name ?? ''}`}</DialogTitle>
          <DialogDescription>{changing ? LEVELS_HELP : 'Everyone who can open it, and why.'}</DialogDescription>
        </DialogHeader>
        {item &&
          (changing ? (
            <AccessForm folderId={changing.id} isTeamFolder={changing.kind === 'team-folder'} onDone={() => setChanging(null)} />
          ) : (
            <WhoHasAccessList item={item} onChange={setChanging} onClose={close} />
          ))}
      </DialogContent>
    </Dialog>
  );
}

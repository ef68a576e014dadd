import { useState } from 'react';
import { Link } from '@coffer/web-core/router';
import { Pencil, Trash2, Users } from 'lucide-react';
import { Card, cn, DropdownMenuItem, DropdownMenuSeparator, toast } from '@coffer/ui';
import { toApiError } from '@coffer/web-core/store';
import { ACCESS_LEVEL_LABELS, ROOT_FOLDER, type TeamFolder } from '@coffer/contracts';
import { ItemCardHeader } from '../../../components/item-card-header';
import { NewFolderDialog } from './new-folder-dialog';
import { RenameDialog } from './rename-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { WhoHasAccessDialog } from './who-has-access-dialog';
import { useDeleteTeamFolderMutation, useListTeamFoldersQuery } from '../../../api/team-folders-api';

/** A team folder's icon: the team, in the brand's colour. */
const TeamIcon = ({ className }: { className?: string }) => <Users className={cn(className, 'text-primary')} />;

/**
 * The top of the Files root: the account's team folders the user can open (team icon, their level), each with
 * Who has access, and Rename and Delete for those who manage it; New team folder for owners and admins.
 */
export function TeamFolders() {
  const { data } = useListTeamFoldersQuery();
  const [renaming, setRenaming] = useState<TeamFolder | null>(null);
  const [deleting, setDeleting] = useState<TeamFolder | null>(null);
  const [inspecting, setInspecting] = useState<TeamFolder | null>(null);
  const [deleteTeamFolder] = useDeleteTeamFolderMutation();
  if (!data || (data.items.length === 0 && !data.canCreate)) return null;

  const remove = async (folder: TeamFolder) => {
    try {
      await deleteTeamFolder(folder.id).unwrap();
      toast({ title: 'Team folder deleted' });
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Failed to delete team folder', description: toApiError(caught).message ?? undefined });
    }
  };

  return (
    <section aria-labelledby="team-folders-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="team-folders-heading" className="text-sm font-semibold text-muted-foreground">
          Team folders
        </h2>
        {data.canCreate && <NewFolderDialog parentId={ROOT_FOLDER} kind="team" />}
      </div>
      {data.items.length > 0 && (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {data.items.map((folder) => (
            <li key={folder.id}>
              <Card role="group" aria-label={`Team folder ${folder.name}`} className="relative transition-colors hover:bg-accent">
                <ItemCardHeader
                  icon={TeamIcon}
                  name={folder.name}
                  title={
                    // The link covers the card, so a click anywhere but the menu opens the team folder.
                    <Link
                      to={`/dashboard/files/${encodeURIComponent(folder.id)}`}
                      className="block truncate outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:ring-2 focus-visible:after:ring-ring"
                    >
                      {folder.name}
                    </Link>
                  }
                  subtitle={`Team folder · ${ACCESS_LEVEL_LABELS[folder.level]}`}
                >
                  <DropdownMenuItem onSelect={() => setInspecting(folder)}>
                    <Users aria-hidden />
                    Who has access
                  </DropdownMenuItem>
                  {folder.level === 'manage' && (
                    <>
                      <DropdownMenuItem onSelect={() => setRenaming(folder)}>
                        <Pencil aria-hidden />
                        Rename
                      </DropdownMenuItem>
                      <DropdownMenuSeparator />
                      <DropdownMenuItem className="text-destructive" onSelect={() => setDeleting(folder)}>
                        <Trash2 aria-hidden />
                        Delete
                      </DropdownMenuItem>
                    </>
                  )}
                </ItemCardHeader>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <RenameDialog item={renaming} onClose={() => setRenaming(null)} />
      <WhoHasAccessDialog item={inspecting} onClose={() => setInspecting(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete team folder?"
        description={deleting ? `"${deleting.name}" will be deleted for everyone. Only an empty team folder can be deleted.` : ''}
        confirmLabel="Delete"
        onConfirm={async () => {
          if (deleting) await remove(deleting);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

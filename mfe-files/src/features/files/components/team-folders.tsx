import { Link } from '@coffer/web-core/router';
import { Users } from 'lucide-react';
import { Card } from '@coffer/ui';
import { ACCESS_LEVEL_LABELS, ROOT_FOLDER } from '@coffer/contracts';
import { NewFolderDialog } from './new-folder-dialog';
import { useListTeamFoldersQuery } from '../../../api/team-folders-api';

/** The top of the Files root: the account's team folders the user can open (team icon, their level), and New team folder for owners and admins. */
export function TeamFolders() {
  const { data } = useListTeamFoldersQuery();
  if (!data || (data.items.length === 0 && !data.canCreate)) return null;
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
              <Card className="p-0 transition-colors hover:bg-accent">
                <Link to={`/dashboard/files/${encodeURIComponent(folder.id)}`} className="flex min-w-0 items-center gap-3 p-4">
                  <Users aria-hidden className="size-6 shrink-0 text-primary" />
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate font-medium">{folder.name}</span>
                    <span className="text-xs text-muted-foreground">Team folder · {ACCESS_LEVEL_LABELS[folder.level]}</span>
                  </span>
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { Fragment } from 'react';
import { Link } from '@coffer/web-core/router';
import { ChevronRight } from 'lucide-react';

export interface Crumb {
  id: string;
  name: string;
}

const filesRoot = { label: 'Files', to: '/dashboard/files' };
const filesFolder = (id: string) => `/dashboard/files/${encodeURIComponent(id)}`;

/**
 * Files › a › b: the way back up from a nested folder (the last one is where the user is). Under Shared, a shared
 * folder's: Shared › the shared folder › b (`root` and `folderLink`).
 */
export function Breadcrumbs({
  path,
  root = filesRoot,
  folderLink = filesFolder,
}: {
  path: Crumb[];
  root?: { label: string; to: string };
  folderLink?: (id: string) => string;
}) {
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
        <li>
          <Link to={root.to} className="hover:text-foreground hover:underline">
            {root.label}
          </Link>
        </li>
        {path.map((crumb, index) => (
          <Fragment key={crumb.id}>
            <li aria-hidden>
              <ChevronRight className="size-4" />
            </li>
            <li className="min-w-0">
              {index === path.length - 1 ? (
                <span aria-current="page" className="block truncate font-medium text-foreground">
                  {crumb.name}
                </span>
              ) : (
                <Link to={folderLink(crumb.id)} className="block truncate hover:text-foreground hover:underline">
                  {crumb.name}
                </Link>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}

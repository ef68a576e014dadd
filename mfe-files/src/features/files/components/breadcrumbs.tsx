import { Fragment } from 'react';
import { Link } from '@coffer/web-core/router';
import { ChevronRight } from 'lucide-react';

export interface Crumb {
  id: string;
  name: string;
}

/** Files › a › b: the way back up from a nested folder (the last one is where the user is). */
export function Breadcrumbs({ path }: { path: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
        <li>
          <Link to="/dashboard/files" className="hover:text-foreground hover:underline">
            Files
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
                <Link to={`/dashboard/files/${encodeURIComponent(crumb.id)}`} className="block truncate hover:text-foreground hover:underline">
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

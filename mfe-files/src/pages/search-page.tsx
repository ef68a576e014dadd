import { useSearchParams } from '@coffer/web-core/router';
import { FileGrid } from '../features/files/components/file-grid';
import { ShareDialog } from '../features/sharing/components/share-dialog';
import { useFileList } from '../features/files/hooks/use-file-list';
import { ViewToggle } from '../features/files/components/view-toggle';

/** /dashboard/search?q=…: the user's files and folders whose name holds the words, in every folder. */
export function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const list = useFileList({ view: 'search', q }, { skip: q === '', currentOnly: true });
  return (
    <section aria-label="Search results" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight">Search</h1>
          <p className="break-words text-muted-foreground">{q ? <>Results for &ldquo;{q}&rdquo;</> : 'Type in the search box to find files and folders'}</p>
        </div>
        <ViewToggle />
      </div>
      {q !== '' && (
        <FileGrid list={list} mode="browse" shareDialog={ShareDialog} label="Search results" empty={{ title: 'No matching files', hint: 'Try another name' }} />
      )}
    </section>
  );
}

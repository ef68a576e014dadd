import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import type { RemoteName, RemotePageNames } from '@coffer/web-core';
import { Spinner } from '@coffer/ui';
import { loadRemoteRoutes } from './remotes-registry';
import { RemoteErrorBoundary } from './remote-error-boundary';

type LazyPage = LazyExoticComponent<ComponentType>;

// One lazy component per page, kept while it works, so going back to a page does not suspend again.
// A failed one is dropped: React.lazy remembers its rejection forever.
const pages = new Map<string, LazyPage>();

function lazyPage<R extends RemoteName>(remote: R, page: RemotePageNames[R]): LazyPage {
  const key = `${remote}/${page}`;
  let Page = pages.get(key);
  if (!Page) {
    Page = lazy(async () => {
      try {
        const routes = await loadRemoteRoutes(remote);
        const component = routes.pages[page];
        if (!component) throw new Error(`${remote} has no page "${page}"`);
        return { default: component };
      } catch (error) {
        pages.delete(key);
        throw error;
      }
    });
    pages.set(key, Page);
  }
  return Page;
}

interface RemotePageProps<R extends RemoteName> {
  remote: R;
  page: RemotePageNames[R];
}

/** A page rendered by a remote, loaded at run time, with a loading state and an "unavailable" fallback. */
export function RemotePage<R extends RemoteName>({ remote, page }: RemotePageProps<R>) {
  // Another page is another loader: its own lazy component, attempts and error state.
  return <RemotePageLoader key={`${remote}/${page}`} remote={remote} page={page} />;
}

function RemotePageLoader<R extends RemoteName>({ remote, page }: RemotePageProps<R>) {
  const [Page, setPage] = useState(() => lazyPage(remote, page));
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    // The failed lazy component was dropped from the cache, so this one loads afresh.
    setPage(() => lazyPage(remote, page));
    setAttempt((n) => n + 1);
  };
  return (
    <RemoteErrorBoundary key={attempt} remote={remote} onRetry={retry}>
      <Suspense fallback={<RemoteLoading />}>
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

function RemoteLoading() {
  return (
    <div className="flex items-center justify-center gap-2 py-16 text-muted-foreground">
      <Spinner />
      <span>Loading...</span>
    </div>
  );
}

import type { ComponentType, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createCofferStore, type CofferStore } from './create-store';

let pageStore: CofferStore | undefined;

/** The page's one store, created when the first screen that calls the API renders. */
function cofferStore(): CofferStore {
  pageStore ??= createCofferStore();
  return pageStore;
}

/**
 * Gives its children the page's store. The shell's dashboard frame renders
 * one around everything in it; a screen outside the dashboard that calls the
 * API (sign-in, Contact Sales…) renders its own. Public pages that do not stay
 * free of Redux and RTK Query.
 */
export function StoreProvider({ children }: { children: ReactNode }) {
  return <Provider store={cofferStore()}>{children}</Provider>;
}

/** `Page` inside StoreProvider, for a remote's pages that call the API. */
export function withStore(Page: ComponentType): ComponentType {
  function PageWithStore() {
    return (
      <StoreProvider>
        <Page />
      </StoreProvider>
    );
  }
  PageWithStore.displayName = `WithStore(${Page.displayName ?? Page.name})`;
  return PageWithStore;
}

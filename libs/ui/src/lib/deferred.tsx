import { Suspense, use, type ComponentType } from 'react';

/**
 * Components whose code is fetched the first time one of them renders, not with
 * the page. @coffer/ui is one Module Federation singleton, so everything it
 * exports is downloaded by every page, the landing page included; the Radix
 * families (dialog and sheet, select, dropdown menu, tabs, the toasts,
 * checkbox, switch, progress) are split off this way and cost nothing until a
 * screen renders one.
 *
 * The outermost part of a family renders nothing for the moment the chunk takes
 * to arrive; once it is there every part renders at once, without suspending.
 */
export interface DeferredModule<M> {
  /** A component rendering the module's export `name`, with exactly its props. */
  part<K extends keyof M>(name: K): M[K];
  /** Starts the download early (say, when the dashboard mounts); resolves when it is done. */
  preload(): Promise<void>;
}

export function deferredModule<M extends object>(load: () => Promise<M>): DeferredModule<M> {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  const start = () =>
    (pending ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // A failed chunk may load on the next try (the deploy finished, the network is back).
        pending = undefined;
        throw error;
      },
    ));

  return {
    part(name) {
      function Loaded(props: object) {
        const Component = loaded![name] as ComponentType<object>;
        return <Component {...props} />;
      }
      // Always calls use(): React replays a part that suspended once the chunk is there, and a replay that skips use() is an error.
      function Loading(props: object) {
        const Component = use(start())[name] as ComponentType<object>;
        return <Component {...props} />;
      }
      function DeferredPart(props: object) {
        if (loaded) return <Loaded {...props} />;
        return (
          <Suspense fallback={null}>
            <Loading {...props} />
          </Suspense>
        );
      }
      DeferredPart.displayName = `Deferred(${String(name)})`;
      return DeferredPart as M[typeof name];
    },
    preload: () => start().then(() => undefined),
  };
}

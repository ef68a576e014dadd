import { Component, lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { RemoteName, RemoteWidgetNames } from '@coffer/web-core';
import { loadRemoteRoutes } from './remotes-registry';

type LazyWidget = LazyExoticComponent<ComponentType>;
const widgets = new Map<string, LazyWidget>();

function lazyWidget<R extends RemoteName>(remote: R, name: RemoteWidgetNames[R]): LazyWidget {
  const key = `${remote}/${String(name)}`;
  let Widget = widgets.get(key);
  if (!Widget) {
    Widget = lazy(async () => {
      try {
        const routes = await loadRemoteRoutes(remote);
        const component = (routes.widgets as Record<string, ComponentType> | undefined)?.[name as string];
        if (!component) throw new Error(`${remote} has no widget "${String(name)}"`);
        return { default: component };
      } catch (error) {
        widgets.delete(key);
        throw error;
      }
    });
    widgets.set(key, Widget);
  }
  return Widget;
}

/** A widget that fails shows its fallback (usually nothing): the page's own area says the remote is down. */
class QuietBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

interface RemoteWidgetProps<R extends RemoteName> {
  remote: R;
  name: RemoteWidgetNames[R];
  /** Shown while the remote loads and if it cannot be loaded. */
  fallback?: ReactNode;
}

/** A part of the dashboard frame rendered by a remote (the upload button, the storage meter…). */
export function RemoteWidget<R extends RemoteName>({ remote, name, fallback = null }: RemoteWidgetProps<R>) {
  const Widget = lazyWidget(remote, name);
  return (
    <QuietBoundary fallback={fallback}>
      <Suspense fallback={fallback}>
        {/* eslint-disable-next-line react-hooks/static-components -- not made here: lazyWidget keeps one component per widget (a new one only after a failed load, to retry) */}
        <Widget />
      </Suspense>
    </QuietBoundary>
  );
}

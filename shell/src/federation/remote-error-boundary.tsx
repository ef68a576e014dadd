import { Component, type ReactNode } from 'react';
import type { RemoteName } from '@coffer/web-core';
import { LoadingNewRelease, reloadForNewRelease, reloadsForNewRelease } from './new-release';
import { RemoteUnavailable } from './remote-unavailable';

interface RemoteErrorBoundaryProps {
  remote: RemoteName;
  onRetry: () => void;
  children: ReactNode;
}

interface RemoteErrorBoundaryState {
  error: Error | null;
  /** The error says the tab's release is gone from the servers: the tab reloads onto the new one. */
  reloading: boolean;
}

/**
 * Keeps a remote that is down, or that crashes, inside its own area of the page.
 * (React itself logs the caught error, naming the remote and its manifest URL.)
 * A chunk of an earlier release that cannot be loaded any more reloads the tab instead.
 */
export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, RemoteErrorBoundaryState> {
  state: RemoteErrorBoundaryState = { error: null, reloading: false };

  static getDerivedStateFromError(error: unknown): RemoteErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)), reloading: reloadsForNewRelease(error) };
  }

  componentDidCatch(error: unknown) {
    if (this.state.reloading) reloadForNewRelease(error);
  }

  render() {
    if (this.state.reloading) return <LoadingNewRelease />;
    if (this.state.error) return <RemoteUnavailable remote={this.props.remote} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}

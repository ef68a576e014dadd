import { Component, type ReactNode } from 'react';
import type { RemoteName } from '@coffer/web-core';
import { RemoteUnavailable } from './remote-unavailable';

interface RemoteErrorBoundaryProps {
  remote: RemoteName;
  onRetry: () => void;
  children: ReactNode;
}

interface RemoteErrorBoundaryState {
  error: Error | null;
}

/**
 * Keeps a remote that is down, or that crashes, inside its own area of the page.
 * (React itself logs the caught error, naming the remote and its manifest URL.)
 */
export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, RemoteErrorBoundaryState> {
  state: RemoteErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): RemoteErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  render() {
    if (this.state.error) return <RemoteUnavailable remote={this.props.remote} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}

import { Component, type ReactNode } from 'react';
import type { Location } from '@coffer/web-core/router';
import { LoadingNewRelease, reloadForNewRelease, reloadsForNewRelease } from '../federation/new-release';
import { RouteErrorPage } from '../pages/route-error-page';

interface RouteErrorBoundaryProps {
  /** The location on screen: another one (a link, Back) renders afresh. */
  location: Location;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  failed: boolean;
  error: unknown;
  location: Location;
  /** The error says the tab's release is gone from the servers (a chunk of the shell's): the tab reloads onto the new one. */
  reloading: boolean;
}

/**
 * "Unexpected Application Error!" in place of the app when rendering a page throws, or, when
 * a chunk of an earlier release cannot be loaded any more, a reload onto the release now served.
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  state: RouteErrorBoundaryState = { failed: false, error: null, location: this.props.location, reloading: false };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { failed: true, error, reloading: reloadsForNewRelease(error) };
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: RouteErrorBoundaryState): Partial<RouteErrorBoundaryState> | null {
    return props.location === state.location ? null : { failed: false, error: null, location: props.location, reloading: false };
  }

  componentDidCatch(error: unknown) {
    if (this.state.reloading) reloadForNewRelease(error);
  }

  render() {
    if (this.state.reloading) return <LoadingNewRelease />;
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

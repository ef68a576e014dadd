import { Component, type ReactNode } from 'react';
import type { Location } from '@coffer/web-core/router';
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
}

/** "Unexpected Application Error!" in place of the app when rendering a page throws. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  state: RouteErrorBoundaryState = { failed: false, error: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: RouteErrorBoundaryState): Partial<RouteErrorBoundaryState> | null {
    return props.location === state.location ? null : { failed: false, error: null, location: props.location };
  }

  render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

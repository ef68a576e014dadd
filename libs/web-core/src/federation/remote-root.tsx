import type { ComponentType } from 'react';
import type { RemoteName } from './remotes';

/**
 * Returns a wrapper that renders a remote's page inside the remote's root
 * element, which names the remote and the release of its build. The release is
 * passed in by the remote (`process.env.COFFER_RELEASE` is replaced in each
 * app's own build; read here, it would be the shell's).
 */
export function remoteRoot(remote: RemoteName, release: string) {
  return function inRemoteRoot(Page: ComponentType): ComponentType {
    function RootedPage() {
      return (
        <div data-remote={remote} data-release={release}>
          <Page />
        </div>
      );
    }
    RootedPage.displayName = `RemoteRoot(${Page.displayName ?? Page.name})`;
    return RootedPage;
  };
}

import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { ROUTES_EXPOSE, type RemoteName, type RemotesConfig, type RoutesModuleOf } from '@coffer/web-core';

/** Where the shell's server publishes the remotes' manifest URLs (generated from its environment). */
const REMOTES_CONFIG_URL = '/remotes.json';

/** A remote could not be reached or did not give what the shell asked for. */
export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'RemoteUnavailableError';
  }
}

let config: Promise<RemotesConfig> | null = null;
/** Remotes whose last load failed: the runtime's caches for them are dropped before the next try. */
const failedRemotes = new Set<RemoteName>();

async function fetchRemotesConfig(): Promise<RemotesConfig> {
  const response = await fetch(REMOTES_CONFIG_URL, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL} answered ${response.status}`);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Error(`${REMOTES_CONFIG_URL} is not an object of remote names to manifest URLs`);
  }
  const entries = Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  registerRemotes(entries.map(([name, entry]) => ({ name, entry })));
  return Object.fromEntries(entries);
}

/**
 * Reads /remotes.json once and registers its remotes with the federation runtime.
 * A failed read is forgotten, so the next remote page (or Retry) tries again.
 */
function remotesConfig(): Promise<RemotesConfig> {
  config ??= fetchRemotesConfig().catch((error: unknown) => {
    config = null;
    throw error;
  });
  return config;
}

/** Starts reading /remotes.json and makes the runtime fetch manifests fresh; call once at startup. */
export function startRemotes(): void {
  registerPlugins([
    {
      name: 'coffer-fresh-manifests',
      // A redeployed remote must show on the next page load: never take its manifest from the HTTP cache.
      fetch: (url, init) => fetch(url, { ...init, cache: 'no-cache' }),
    },
  ]);
  remotesConfig().catch((error: unknown) => console.error('Coffer could not read its remotes:', error));
}

/** Loads a remote's `./routes` module (its pages). Throws RemoteUnavailableError when it cannot. */
export async function loadRemoteRoutes<R extends RemoteName>(remote: R): Promise<RoutesModuleOf<R>> {
  let remotes: RemotesConfig;
  try {
    remotes = await remotesConfig();
  } catch (error) {
    throw new RemoteUnavailableError(remote, `Could not read ${REMOTES_CONFIG_URL}`, { cause: error });
  }
  const entry = remotes[remote];
  if (!entry) throw new RemoteUnavailableError(remote, `${remote} is not listed in ${REMOTES_CONFIG_URL}`);

  if (failedRemotes.has(remote)) {
    // The runtime keeps a failed remote's entry and module state; re-registering with force drops
    // them, so this attempt really fetches the manifest and remote entry again.
    registerRemotes([{ name: remote, entry }], { force: true });
    failedRemotes.delete(remote);
  }

  try {
    const routes = await loadRemote<RoutesModuleOf<R>>(`${remote}/${ROUTES_EXPOSE.slice(2)}`);
    if (!routes?.pages) throw new Error(`${remote} exposes no pages`);
    return routes;
  } catch (error) {
    failedRemotes.add(remote);
    throw new RemoteUnavailableError(remote, `Could not load ${remote} from ${entry}`, { cause: error });
  }
}

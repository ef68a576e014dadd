import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
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

/** What the shell reads of a remote's mf-manifest.json: where its remote entry is. */
interface RemoteManifest {
  metaData: {
    globalName: string;
    publicPath: string;
    remoteEntry: { name: string; path: string; type: string };
  };
}

let config: Promise<RemotesConfig> | null = null;
/** The remotes registered with the runtime (or being registered); a failed one is dropped, to be read again. */
const registrations = new Map<RemoteName, Promise<void>>();

async function fetchRemotesConfig(): Promise<RemotesConfig> {
  const response = await fetch(REMOTES_CONFIG_URL, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL} answered ${response.status}`);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Error(`${REMOTES_CONFIG_URL} is not an object of remote names to manifest URLs`);
  }
  const entries = Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return Object.fromEntries(entries);
}

/**
 * Reads /remotes.json once. A failed read is forgotten, so the next remote page
 * (or Retry) tries again.
 */
function remotesConfig(): Promise<RemotesConfig> {
  config ??= fetchRemotesConfig().catch((error: unknown) => {
    config = null;
    throw error;
  });
  return config;
}

/**
 * Reads a remote's manifest and registers its remote entry with the runtime.
 * The shell reads manifests itself, always fresh (a redeployed remote shows on
 * the next page load): the runtime's own manifest handling (its snapshot
 * plugin) is left out of the build, as it would cost every first visit a few
 * KB more. Registering with force drops what the runtime kept of an earlier,
 * failed attempt (its entry and module state), so a retry really loads afresh.
 */
async function registerRemote(remote: RemoteName, manifestUrl: string): Promise<void> {
  const url = new URL(manifestUrl, window.location.href);
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url.href} answered ${response.status}`);
  const { metaData } = (await response.json()) as RemoteManifest;
  // The remote's files are found relative to its manifest, unless it names a public path.
  const publicPath = metaData.publicPath === 'auto' ? url : new URL(metaData.publicPath, url);
  const { path, name, type } = metaData.remoteEntry;
  const entry = new URL(path ? `${path}/${name}` : name, publicPath).href;
  registerRemotes([{ name: remote, entry, type, entryGlobalName: metaData.globalName }], { force: true });
}

/** Starts reading /remotes.json while the first screen renders; call once at startup. */
export function startRemotes(): void {
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
  const manifestUrl = remotes[remote];
  if (!manifestUrl) throw new RemoteUnavailableError(remote, `${remote} is not listed in ${REMOTES_CONFIG_URL}`);

  let registration = registrations.get(remote);
  if (!registration) {
    registration = registerRemote(remote, manifestUrl);
    registrations.set(remote, registration);
  }
  try {
    await registration;
    const routes = await loadRemote<RoutesModuleOf<R>>(`${remote}/${ROUTES_EXPOSE.slice(2)}`);
    if (!routes?.pages) throw new Error(`${remote} exposes no pages`);
    return routes;
  } catch (error) {
    registrations.delete(remote);
    throw new RemoteUnavailableError(remote, `Could not load ${remote} from ${manifestUrl}`, { cause: error });
  }
}

import { Spinner } from '@coffer/ui';

/**
 * A tab keeps running the release it loaded while newer ones are served. The
 * servers keep the chunks of the last releases (deploy/README.md, "Rollouts"),
 * so it rarely misses one; when it does (a release older than those kept, a
 * rollback, a remote built against shared code this shell does not provide),
 * the tab reloads onto the release now served instead of showing a broken page.
 */

/** Where the tab notes the failure it reloaded for: the same failure after the reload is shown, not reloaded again. */
const RELOADED_FOR = 'coffer:reloaded-for-new-release';

/** Rspack's error for a JavaScript or CSS chunk that did not load. */
const isChunkLoadError = (error: Error) => error.name === 'ChunkLoadError';
/** The federation runtime's refusal of a remote whose shared singletons this shell does not provide (strictVersion). */
const isSharedVersionMismatch = (error: Error) => /of shared singleton module .+ does not satisfy the requirement/.test(error.message);

/** The failure that says this tab's code is from another release than the servers', if `error` (or one of its causes) is one. */
export function newReleaseFailure(error: unknown): string | null {
  for (let at = error, depth = 0; at instanceof Error && depth < 8; at = at.cause, depth++) {
    if (isChunkLoadError(at) || isSharedVersionMismatch(at)) return at.message;
  }
  return null;
}

function alreadyReloadedFor(failure: string): boolean {
  try {
    return sessionStorage.getItem(RELOADED_FOR) === failure;
  } catch {
    // No session storage (a locked-down browser): never reload, as the tab could not tell a second time.
    return true;
  }
}

/** Whether the tab reloads for this error: it comes from a release the servers no longer serve, and was not reloaded for already. */
export function reloadsForNewRelease(error: unknown): boolean {
  const failure = newReleaseFailure(error);
  return failure !== null && !alreadyReloadedFor(failure);
}

/** Reloads the tab onto the release being served (call when reloadsForNewRelease said so, from an effect). */
export function reloadForNewRelease(error: unknown): void {
  const failure = newReleaseFailure(error);
  if (failure === null || alreadyReloadedFor(failure)) return;
  sessionStorage.setItem(RELOADED_FOR, failure);
  window.location.reload();
}

/** What the page shows for the moment the tab reloads onto the new release. */
export function LoadingNewRelease() {
  return (
    <div role="status" className="flex items-center justify-center gap-2 px-4 py-16 text-center text-muted-foreground">
      <Spinner aria-hidden className="shrink-0" />
      <span>Coffer has been updated. Loading the new version...</span>
    </div>
  );
}

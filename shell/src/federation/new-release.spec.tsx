import { renderToString } from 'react-dom/server';
import { LoadingNewRelease, newReleaseFailure } from './new-release';
import { RemoteUnavailableError } from './remotes-registry';

/** Rspack's error for a chunk that did not load, as its runtime builds it. */
function chunkLoadError(message: string) {
  const error = new Error(message);
  error.name = 'ChunkLoadError';
  return error;
}

describe('newReleaseFailure: what says a tab runs a release the servers no longer have', () => {
  it('finds a chunk that did not load, also as the cause of a remote that could not load', () => {
    const missing = chunkLoadError('Loading chunk 226 failed.\n(error: http://localhost:3001/226.ee9acfd1fb.js)');
    expect(newReleaseFailure(missing)).toBe(missing.message);
    expect(newReleaseFailure(new RemoteUnavailableError('coffer_marketing', 'Could not load coffer_marketing', { cause: missing }))).toBe(missing.message);
    expect(newReleaseFailure(chunkLoadError('Loading css chunk 515 failed.\n(error: http://localhost:3001/515.27d9bc7b1a.css)'))).toMatch(/css chunk 515/);
  });

  it("finds the federation runtime's refusal of a remote built against another version of a shared singleton", () => {
    const refused = new Error(
      '[ Federation Runtime ]: Version 0.1.0 from coffer_shell of shared singleton module @coffer/ui does not satisfy the requirement of coffer_files which needs ^0.2.0)',
    );
    expect(newReleaseFailure(new RemoteUnavailableError('coffer_files', 'Could not load coffer_files', { cause: refused }))).toBe(refused.message);
  });

  it('finds nothing in a remote that is down or a page that crashed: those show as they are', () => {
    expect(
      newReleaseFailure(new RemoteUnavailableError('coffer_files', 'Could not load coffer_files', { cause: new TypeError('Failed to fetch') })),
    ).toBeNull();
    expect(newReleaseFailure(new TypeError("Cannot read properties of undefined (reading 'name')"))).toBeNull();
    expect(newReleaseFailure('a string')).toBeNull();
  });
});

describe('the moment a tab reloads onto a new release', () => {
  it('says so', () => {
    expect(renderToString(<LoadingNewRelease />)).toContain('Coffer has been updated. Loading the new version...');
  });
});

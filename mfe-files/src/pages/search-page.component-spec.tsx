import { act, screen, waitFor } from '@testing-library/react';
import { BrowserRouter } from '@coffer/web-core/router';
import { DEFAULT_EMAIL_PREFERENCES, DEFAULT_GENERAL_SETTINGS, type FileItem } from '@coffer/contracts';
import { GatewayStandIn, heldAnswer, ok, renderSignedIn, type SentRequest } from '@coffer/web-core/testing';
import { SearchPage } from './search-page';

const TIMES = { createdAt: '2026-11-27T09:00:00.000Z', updatedAt: '2026-11-27T10:30:00.000Z', deletedAt: null, lastAccessedAt: null };
const found = (id: string, name: string, folderPath: string): FileItem => ({
  id,
  name,
  size: 1024,
  mimeType: 'text/plain',
  folderId: '3e9d2c1b-7a6f-4e5d-8c4b-2a1f0e9d8c7b',
  isFolder: false,
  folderPath,
  ...TIMES,
});
const REPAIRS = found('6f1c0a52-3d7e-4b8a-9c21-5e4f3a2b1c0d', 'repairs.txt', 'Projects / 2026');
const REPORT = found('1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d', 'report.txt', 'Invoices');
const page = (items: FileItem[]) => ok({ items, next: null, total: items.length });

/** The top bar's search moved the URL on (as the search box does once typing pauses). */
function searchFor(q: string) {
  window.history.replaceState(null, '', `/dashboard/search?q=${encodeURIComponent(q)}`);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

describe('search results as the person types', () => {
  it("never shows an earlier query's results for a later one: while the later is answered the list waits, then shows only its own, each with its folder", async () => {
    const report = heldAnswer();
    const gateway = new GatewayStandIn()
      .route('GET', '/preferences', ok({ email: DEFAULT_EMAIL_PREFERENCES, general: DEFAULT_GENERAL_SETTINGS, fileView: 'grid' }))
      .route('GET', '/files', (request: SentRequest) => (request.query.q === 'rep' ? page([REPAIRS]) : report.handler(request)));
    window.history.replaceState(null, '', '/dashboard/search?q=rep');
    await renderSignedIn(
      <BrowserRouter>
        <SearchPage />
      </BrowserRouter>,
      { gateway },
    );
    expect(await screen.findByRole('heading', { name: 'repairs.txt' })).toBeInTheDocument();
    expect(screen.getByText('1 KB · in Projects / 2026')).toBeInTheDocument();

    act(() => searchFor('report'));
    expect((await report.arrived).query).toMatchObject({ view: 'search', q: 'report' });
    expect(await screen.findByText('Loading files...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'repairs.txt' })).not.toBeInTheDocument();

    report.release(page([REPORT]));
    expect(await screen.findByRole('heading', { name: 'report.txt' })).toBeInTheDocument();
    expect(screen.getByText('1 KB · in Invoices')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'repairs.txt' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/Results for/)).toHaveTextContent('Results for “report”'));
  });
});

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * What a remote shows when opened on its own rather than through the shell:
 * which remote it is, its release and what it exposes.
 */
export function renderStandaloneRemote(title: string, pageNames: string[]) {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <main className="mx-auto max-w-xl p-8">
        <h1 className="text-xl font-bold">{title}</h1>
        <p className="text-muted-foreground">
          Release {process.env.COFFER_RELEASE ?? 'dev'}. Exposes ./routes with the pages: {pageNames.join(', ')}. Open Coffer through the shell (port 3000) to
          use it.
        </p>
      </main>
    </StrictMode>,
  );
}

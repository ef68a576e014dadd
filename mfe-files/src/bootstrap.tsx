import '@coffer/ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { pages } from './exposes/routes';

// Opened on its own (not through the shell), the remote only says what it is.
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <main className="mx-auto max-w-xl p-8">
      <h1 className="text-xl font-bold">Coffer files remote</h1>
      <p className="text-muted-foreground">
        Release {process.env.COFFER_RELEASE ?? 'dev'}. Exposes ./routes with the pages: {Object.keys(pages).join(', ')}.
        Open Coffer through the shell (port 3000) to use it.
      </p>
    </main>
  </StrictMode>,
);

import '@coffer/ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startRemotes } from './federation/remotes-registry';

// Fetch /remotes.json while the first screen renders; routes owned by a remote wait for it.
startRemotes();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

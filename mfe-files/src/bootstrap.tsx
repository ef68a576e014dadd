import '@coffer/ui/styles.css';
import { renderStandaloneRemote } from '@coffer/web-core/standalone';
import { pages } from './exposes/routes';

// Opened on its own (not through the shell), the remote only says what it is.
renderStandaloneRemote('Coffer files remote', Object.keys(pages));

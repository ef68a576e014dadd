import { deferredModule } from '../lib/deferred';

// Radix Switch loads when a switch first renders (the settings), not with every page.
export const Switch = deferredModule(() => import('./deferred/switch')).part('Switch');

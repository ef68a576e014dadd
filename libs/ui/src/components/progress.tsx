import { deferredModule } from '../lib/deferred';

// Radix Progress loads when a bar first renders (the storage meter, uploads), not with every page.
export const Progress = deferredModule(() => import('./deferred/progress')).part('Progress');

import { deferredModule } from '../lib/deferred';

// Radix Progress loads when a bar first renders (the storage meter, uploads), not with every page.
const progress = deferredModule(() => import('./deferred/progress'));
export const Progress = progress.part('Progress');
export const preloadProgress = progress.preload;

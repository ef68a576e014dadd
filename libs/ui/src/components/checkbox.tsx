import { deferredModule } from '../lib/deferred';

// Radix Checkbox loads when a checkbox first renders (sign-in's "Remember me"), not with every page.
export const Checkbox = deferredModule(() => import('./deferred/checkbox')).part('Checkbox');

import { deferredModule } from '../lib/deferred';

export type { DialogContentProps } from './deferred/dialog';

// Radix Dialog (focus trap, scroll lock) loads when a dialog first renders.
const dialog = deferredModule(() => import('./deferred/dialog'));

export const Dialog = dialog.part('Dialog');
export const DialogTrigger = dialog.part('DialogTrigger');
export const DialogPortal = dialog.part('DialogPortal');
export const DialogClose = dialog.part('DialogClose');
export const DialogOverlay = dialog.part('DialogOverlay');
export const DialogContent = dialog.part('DialogContent');
export const DialogHeader = dialog.part('DialogHeader');
export const DialogFooter = dialog.part('DialogFooter');
export const DialogTitle = dialog.part('DialogTitle');
export const DialogDescription = dialog.part('DialogDescription');
export const preloadDialog = dialog.preload;

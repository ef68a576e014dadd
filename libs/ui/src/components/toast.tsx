import { deferredModule } from '../lib/deferred';
import { useToast } from '../lib/toast-store';

export type { ToastProps } from './deferred/toast';
export { toastVariants } from './toast-variants';

// Radix Toast loads with the first toast, not with every page.
const toasts = deferredModule(() => import('./deferred/toast'));

export const ToastProvider = toasts.part('ToastProvider');
export const ToastViewport = toasts.part('ToastViewport');
export const Toast = toasts.part('Toast');
export const ToastAction = toasts.part('ToastAction');
export const ToastClose = toasts.part('ToastClose');
export const ToastTitle = toasts.part('ToastTitle');
export const ToastDescription = toasts.part('ToastDescription');
const ToastRegion = toasts.part('ToastRegion');

/** Renders the toasts that toast() shows. The shell renders exactly one, for every page and remote. */
export function Toaster() {
  const { toasts: current } = useToast();
  if (current.length === 0) return null;
  return <ToastRegion toasts={current} />;
}

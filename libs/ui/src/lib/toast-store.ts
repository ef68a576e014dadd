import { useSyncExternalStore, type ReactElement, type ReactNode } from 'react';

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  /** `destructive` for every error of the spec's catalogue; success toasts keep the default. */
  variant?: ToastVariant;
  /** A ToastAction button, e.g. Undo or Retry. */
  action?: ReactElement;
  /** Milliseconds before it closes by itself (5 s by default). */
  duration?: number;
}

export interface ToastEntry extends ToastOptions {
  id: string;
  open: boolean;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (options: ToastOptions) => void;
}

/** How many toasts are on screen at once; a new one pushes the oldest out. */
export const TOAST_LIMIT = 3;
/** How long a closed toast stays mounted, so its exit animation can play. */
const REMOVE_DELAY_MS = 1000;

// One store for the whole page: @coffer/ui is a Module Federation singleton, so
// toast() called in any remote reaches the one Toaster the shell renders.
let toasts: readonly ToastEntry[] = [];
const listeners = new Set<() => void>();
let counter = 0;

function setToasts(next: readonly ToastEntry[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function remove(id: string) {
  setToasts(toasts.filter((t) => t.id !== id));
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string): void {
  const closing = toasts.filter((t) => t.open && (id === undefined || t.id === id));
  if (closing.length === 0) return;
  setToasts(toasts.map((t) => (closing.includes(t) ? { ...t, open: false } : t)));
  for (const t of closing) setTimeout(() => remove(t.id), REMOVE_DELAY_MS);
}

/** Shows a toast: `toast({ title: 'Folder created successfully' })`, `toast({ variant: 'destructive', title: 'Failed to load files' })`. */
export function toast(options: ToastOptions): ToastHandle {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  const open = toasts.filter((t) => t.open);
  const pushedOut = open.slice(0, Math.max(0, open.length - TOAST_LIMIT + 1)).map((t) => t.id);
  setToasts([...toasts.filter((t) => !pushedOut.includes(t.id)), { ...options, id, open: true }]);
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) => setToasts(toasts.map((t) => (t.id === id ? { ...t, ...next } : t))),
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The toasts shown or closing, oldest first. */
export function getToasts(): readonly ToastEntry[] {
  return toasts;
}

/** The toasts to render (for the Toaster), plus the toast() and dismiss functions. */
export function useToast() {
  const current = useSyncExternalStore(subscribe, getToasts, getToasts);
  return { toasts: current, toast, dismiss: dismissToast };
}

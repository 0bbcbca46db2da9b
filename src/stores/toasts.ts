/**
 * The toast queue: one toast visible at a time, shown for five seconds, dismissible.
 * A nanostore, so any island can raise a toast without a shared React tree.
 */
import { atom } from 'nanostores';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
}

export const TOAST_DURATION_MS = 5000;
export const $toast = atom<Toast | null>(null);
let next = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

export function dismissToast() {
  clearTimeout(timer);
  $toast.set(null);
}

/** Shows a toast, replacing the one on screen. */
export function toast(input: Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] }) {
  clearTimeout(timer);
  $toast.set({ variant: 'default', ...input, id: next++ });
  timer = setTimeout(dismissToast, TOAST_DURATION_MS);
}

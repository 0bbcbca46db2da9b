/** Mounts the one Toaster of the page on first need, whichever island needs it first. */
import { createRoot } from 'react-dom/client';
import Toaster from '@/components/Toaster';

/** The toaster's host element (an open modal dialog holds it while it is open: useModalDialog.ts). */
export const TOASTER_ID = 'glow-toaster';

export function ensureToaster() {
  if (document.getElementById(TOASTER_ID)) return;
  const host = document.createElement('div');
  host.id = TOASTER_ID;
  document.body.append(host);
  createRoot(host).render(<Toaster />);
}

/** Mounts the one Toaster of the page on first need, whichever island needs it first. */
import { createRoot } from 'react-dom/client';
import Toaster from '@/components/Toaster';

export function ensureToaster() {
  if (document.getElementById('glow-toaster')) return;
  const host = document.createElement('div');
  host.id = 'glow-toaster';
  document.body.append(host);
  createRoot(host).render(<Toaster />);
}

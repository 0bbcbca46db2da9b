/**
 * Loaded on the first click of a For Businesses / List Your Business button (never before): mounts
 * the popup and the toaster, then opens it. Later clicks only set the store.
 */
import { createRoot } from 'react-dom/client';
import { $businessPopupOpen } from '@/stores/businessPopup';
import BusinessPopup from './BusinessPopup';
import { ensureToaster } from './ensureToaster';

let mounted = false;

export function openBusinessPopup() {
  if (!mounted) {
    mounted = true;
    const host = document.createElement('div');
    host.id = 'glow-business-popup';
    document.body.append(host);
    createRoot(host).render(<BusinessPopup />);
    ensureToaster();
  }
  $businessPopupOpen.set(true);
}

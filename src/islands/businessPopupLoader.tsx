/**
 * Loaded on the first click of a For Businesses / List Your Business button (never before): mounts
 * the popup and the toaster, then opens it. Later clicks only set the store. "Claim this business"
 * comes through here too (one import in the page script), and loads its own dialog from here.
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

/**
 * The dialog a clicked button asks for, from its `dataset`: "Claim this business" (data-claim, the
 * provider id, and data-name; src/islands/claimLoader.tsx), else the business popup.
 */
export async function openDialog(dataset: DOMStringMap) {
  if (dataset.claim) (await import('./claimLoader')).openClaimDialog(dataset);
  else openBusinessPopup();
}

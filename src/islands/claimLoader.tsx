/** Loaded on the first click of "Claim this business" (never before): mounts the claim dialog. */
import { createRoot, type Root } from 'react-dom/client';
import ClaimDialog, { type ClaimTarget } from './ClaimDialog';

let root: Root | undefined;

/** `dataset` of the button: data-claim (the provider id) and data-name. */
export function openClaimDialog(dataset: DOMStringMap) {
  const target: ClaimTarget = { providerId: dataset.claim ?? '', name: dataset.name ?? '' };
  if (!root) {
    const host = document.createElement('div');
    host.id = 'glow-claim';
    document.body.append(host);
    root = createRoot(host);
  }
  // A fresh dialog each time (the key), so a second claim starts at the first step.
  root.render(<ClaimDialog key={Date.now()} target={target} onClose={() => root?.render(null)} />);
}

/** Loaded on the first click of "Request a time" (never before): mounts the request dialog. */
import { createRoot, type Root } from 'react-dom/client';
import RequestDialog from './RequestDialog';

let root: Root | undefined;

/** `dataset` of the button: data-request (the provider id) and data-name. */
export function openRequestDialog(dataset: DOMStringMap) {
  if (!root) {
    const host = document.createElement('div');
    host.id = 'glow-request';
    document.body.append(host);
    root = createRoot(host);
  }
  // A fresh dialog each time (the key): a second request starts at the first step.
  root.render(<RequestDialog key={Date.now()} target={{ providerId: dataset.request ?? '', name: dataset.name ?? '' }} onClose={() => root?.render(null)} />);
}

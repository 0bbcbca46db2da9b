/**
 * Opens the Report dialog for a photo from the photo viewer (src/scripts/photoViewer.ts), which has
 * no React of its own: React, the dialog and its schema load only when someone reports a photo.
 */
import { createRoot } from 'react-dom/client';
import ReportDialog from './ReportDialog';
import { ensureToaster } from './ensureToaster';

export function reportPhoto(photo: { id: string; alt: string }): void {
  ensureToaster();
  // The viewer closes first: its modal layer would cover the thanks toast (and focus goes back to
  // the photo in the gallery, where the reader was).
  document.querySelector<HTMLDialogElement>('dialog[open]')?.close();
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  root.render(
    <ReportDialog
      photo={photo}
      onClose={() => {
        root.unmount();
        host.remove();
      }}
    />,
  );
}

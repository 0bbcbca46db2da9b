/**
 * The provider page's only photo script before interaction: on the first click (or Enter) on a
 * gallery photo it loads the viewer (photoViewer.ts) and hands it the click; until then a photo is a
 * plain link to the full picture.
 */
export function watchGallery(): void {
  const gallery = document.querySelector<HTMLElement>('[data-gallery]');
  if (!gallery) return;
  gallery.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-photo-index]');
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void import('./photoViewer').then(({ openViewer }) => openViewer(gallery, Number(link.dataset.photoIndex)));
  });
}

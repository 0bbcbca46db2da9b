/**
 * The full-screen photo viewer of a provider page (docs/photos.md "Provider page"), loaded on the
 * first click on a photo: a modal <dialog> with the picture, previous and next, a counter, a close
 * button and "Report photo". Keys: ← → move, Home/End jump, Esc closes; a horizontal swipe moves.
 * Focus returns to the photo it was opened from.
 */
interface Item {
  id: string;
  alt: string;
  src: string;
  srcSet: string;
  width: number;
  height: number;
  link: HTMLAnchorElement;
}

let dialog: HTMLDialogElement | null = null;

function itemsOf(gallery: HTMLElement): Item[] {
  return [...gallery.querySelectorAll<HTMLAnchorElement>('a[data-photo-index]')].map((link) => ({
    id: link.dataset.photoId ?? '',
    alt: link.querySelector('img')?.alt ?? '',
    src: link.href,
    srcSet: link.dataset.fullSrcset ?? '',
    width: Number(link.dataset.width),
    height: Number(link.dataset.height),
    link,
  }));
}

function button(label: string, text: string, className: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.setAttribute('aria-label', label);
  b.textContent = text;
  b.className = className;
  return b;
}

export function openViewer(gallery: HTMLElement, start: number): void {
  const items = itemsOf(gallery);
  if (!items.length) return;
  dialog?.remove();
  let index = Math.max(0, Math.min(start, items.length - 1));
  const d = document.createElement('dialog');
  dialog = d;
  d.setAttribute('aria-label', `Photos of ${gallery.dataset.gallery ?? 'this business'}`);
  d.className = 'touch-pan-y m-0 h-dvh max-h-none w-screen max-w-none bg-gray-950 p-0 text-white backdrop:bg-gray-950';
  const figure = document.createElement('figure');
  figure.className = 'flex h-full flex-col items-center justify-center gap-3 p-4 pt-16';
  const img = document.createElement('img');
  img.className = 'max-h-[80dvh] max-w-full select-none object-contain';
  img.sizes = '100vw';
  img.decoding = 'async';
  const caption = document.createElement('figcaption');
  caption.className = 'max-w-2xl text-center text-sm text-gray-200';
  const counter = document.createElement('p');
  counter.className = 'absolute left-4 top-4 text-sm font-semibold';
  counter.setAttribute('aria-live', 'polite');
  const close = button(
    'Close photo viewer',
    '✕',
    'absolute right-3 top-3 rounded-full bg-gray-950/75 px-3 py-1.5 text-lg shadow-lg ring-1 ring-white/70 hover:bg-gray-950/90 focus-visible:outline-2 focus-visible:outline-white',
  );
  // The arrows sit over the photo: a dark disc with a light ring stays visible on light photos too.
  const prev = button(
    'Previous photo',
    '‹',
    'absolute left-2 top-1/2 -translate-y-1/2 rounded-full bg-gray-950/75 px-4 py-2 text-3xl shadow-lg ring-1 ring-white/70 hover:bg-gray-950/90 focus-visible:outline-2 focus-visible:outline-white',
  );
  const next = button(
    'Next photo',
    '›',
    'absolute right-2 top-1/2 -translate-y-1/2 rounded-full bg-gray-950/75 px-4 py-2 text-3xl shadow-lg ring-1 ring-white/70 hover:bg-gray-950/90 focus-visible:outline-2 focus-visible:outline-white',
  );
  const report = button('Report this photo', 'Report photo', 'text-sm text-gray-300 underline hover:text-white');
  figure.append(img, caption, report);
  d.append(counter, figure, prev, next, close);
  document.body.append(d);

  const show = (i: number) => {
    index = (i + items.length) % items.length;
    const item = items[index]!;
    img.removeAttribute('srcset');
    img.width = item.width;
    img.height = item.height;
    img.srcset = item.srcSet;
    img.src = item.src;
    img.alt = item.alt;
    caption.textContent = item.alt;
    counter.textContent = `Photo ${index + 1} of ${items.length}`;
    prev.hidden = next.hidden = items.length < 2;
  };
  prev.addEventListener('click', () => show(index - 1));
  next.addEventListener('click', () => show(index + 1));
  close.addEventListener('click', () => d.close());
  report.addEventListener('click', () => {
    const item = items[index]!;
    void import('../islands/reportPhoto').then(({ reportPhoto }) => reportPhoto({ id: item.id, alt: item.alt }));
  });
  d.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowLeft') show(index - 1);
    else if (e.key === 'ArrowRight') show(index + 1);
    else if (e.key === 'Home') show(0);
    else if (e.key === 'End') show(items.length - 1);
    else return;
    e.preventDefault();
  });
  let touchX: number | null = null;
  d.addEventListener('pointerdown', (e) => {
    if (e.pointerType !== 'mouse') touchX = e.clientX;
  });
  d.addEventListener('pointerup', (e) => {
    if (touchX === null) return;
    const dx = e.clientX - touchX;
    touchX = null;
    if (Math.abs(dx) > 40) show(dx < 0 ? index + 1 : index - 1);
  });
  d.addEventListener('close', () => {
    const item = items[index]!;
    d.remove();
    if (dialog === d) dialog = null;
    item.link.focus();
  });
  show(index);
  d.showModal();
  close.focus();
}

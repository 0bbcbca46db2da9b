/**
 * The only script every page runs, kept tiny: swaps broken images for the local fallback, shows
 * "Open now · Closes 7:00 PM" from opening hours in the provider's time zone where the page's own
 * text may be out of date, sends search forms without empty values, loads the search fields'
 * suggestions on first focus, and opens the business popup and the claim dialog on demand (their
 * React islands load on first click, not before).
 */
const FALLBACK = '/images/provider-fallback.webp';

function showFallback(img: HTMLImageElement) {
  if (img.dataset.fellBack) return;
  img.dataset.fellBack = '1';
  img.removeAttribute('srcset');
  img.src = FALLBACK;
}

// Image errors do not bubble, but they can be caught on the way down. (`addEventListener` alone is
// the window's: this is the global scope, and every byte here counts against the page budget.)
addEventListener(
  'error',
  (e) => {
    const t = e.target;
    if (t instanceof HTMLImageElement && t.hasAttribute('data-fallback')) showFallback(t);
  },
  true,
);
document.querySelectorAll<HTMLImageElement>('img[data-fallback]').forEach((img) => {
  if (img.complete && img.naturalWidth === 0) showFallback(img);
});

// "Open now" depends on the visitor's clock. A page rendered on request says until when its status
// holds (data-checked-at, data-valid-until); where the clock is outside that span (a copy the CDN
// kept from earlier) or there is none (pre-built pages), the status is worked out again here. The
// code for it loads only then, after the load event and the frame that follows it (a timer set in a
// frame callback runs after that frame's paint): off the path of the first paint.
const now = Date.now();
const staleStatuses = [...document.querySelectorAll<HTMLElement>('[data-open-hours]')].filter(
  (el) => !(Number(el.dataset.checkedAt) <= now && now < Number(el.dataset.validUntil)),
);
if (staleStatuses.length)
  addEventListener('load', () =>
    requestAnimationFrame(() => setTimeout(() => import('./openStatus').then(({ refreshOpenStatuses }) => refreshOpenStatuses(staleStatuses)))),
  );

// A provider page reached from /search: its breadcrumb's results link leads back to those results
// (pages are cached for everyone, so this is done here, from the same-origin referrer).
const from = document.referrer.startsWith(`${location.origin}/search?`) && document.referrer.slice(location.origin.length);
if (from) document.querySelector('nav[aria-label="Breadcrumb"] a[href^="/search"]')?.setAttribute('href', from);

// Search forms are plain GET forms; send only the non-empty values.
document.addEventListener('submit', (e) => {
  const form = e.target;
  if (!(form instanceof HTMLFormElement) || !form.matches('form[data-search-form]')) return;
  e.preventDefault();
  const params = new URLSearchParams();
  new FormData(form).forEach((value, key) => {
    if (typeof value === 'string' && value.trim()) params.set(key, value.trim());
  });
  const query = params.toString();
  window.location.assign(query ? `/search?${query}` : '/search');
});

// The search fields' suggestions load when one is first focused (or first gets a key, if focused
// before this ran); src/scripts/combobox.ts then takes the field over and drops its data-combobox.
// Letters typed meanwhile are in the field already. The last key, if ArrowDown or ArrowUp (Alt too),
// is held on the field for the module to replay; any other key or a new focus (no key) lets it go.
// If the module cannot load, the field is left a plain field: its arrow keys move the caret again.
function loadCombobox(e: Event) {
  const field = e.target as HTMLElement & { held?: Event | false };
  if (!field.dataset?.combobox) return;
  field.held = /^Arrow[UD]/.test((e as KeyboardEvent).key) && e;
  if (field.held) e.preventDefault();
  import('./combobox').catch(() => delete field.dataset.combobox);
}
// On the window, the global scope here: heard after the module's own listeners on the document.
addEventListener('focusin', loadCombobox);
addEventListener('keydown', loadCombobox);

// The business popup and "Claim this business" (provider pages, docs/owners.md; its button also
// carries data-claim): each dialog loads on first click.
document.addEventListener('click', async (e) => {
  // A button tapped before its island hydrated (client:visible) is marked, and the island acts on it
  // when it mounts (Reviews' "Write a Review"): the first tap is never lost.
  const early = (e.target as Element | null)?.closest?.<HTMLElement>('astro-island[ssr] [data-tap-before-hydration]');
  if (early) early.dataset.tapped = '1';
  const trigger = (e.target as Element | null)?.closest?.<HTMLElement>('[data-open-business]');
  if (!trigger) return;
  e.preventDefault();
  // One import for both, which picks the dialog (each import() costs this script its list of chunks).
  (await import('@/islands/dialogLoader')).openDialog(trigger.dataset);
});

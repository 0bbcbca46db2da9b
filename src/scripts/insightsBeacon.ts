/**
 * Owner insights' beacon (docs/insights.md "Counting"): on a listing's page, one `view` and, on a
 * click of an element marked `data-insight="call|directions|website|booking"`, that click; on the
 * search page, the listings a page of results showed. Sent with `navigator.sendBeacon`, off the
 * page's critical path, to our own origin; no cookie, no storage. A visitor whose browser asks not
 * to be tracked (Global Privacy Control, Do Not Track) sends nothing. Held to 1 KB minified
 * (tests/build/js-weight.test.ts).
 */
const optedOut = () => (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true || navigator.doNotTrack === '1';

/** Reports `event` for the listings named; never throws (a beacon that fails changes nothing on the page). */
export function beacon(event: string, listings: string[]): void {
  if (optedOut() || !listings.length || !navigator.sendBeacon) return;
  // At most 100 listings a beacon (MAX_LISTINGS_PER_BEACON, not imported: this script stays tiny).
  for (let i = 0; i < listings.length; i += 100) {
    const body = new URLSearchParams({ event });
    for (const id of listings.slice(i, i + 100)) body.append('listing', id);
    try {
      navigator.sendBeacon('/api/insights/beacon', body);
    } catch {
      // A full beacon queue: this count is lost, the page is not.
    }
  }
}

/** On a listing's page (`data-insights-listing` names it): the view, then each marked click. */
export function watchInsights(): void {
  const listing = document.querySelector<HTMLElement>('[data-insights-listing]')?.dataset.insightsListing;
  if (!listing) return;
  beacon('view', [listing]);
  document.addEventListener('click', (event) => {
    const kind = (event.target as Element).closest?.('[data-insight]')?.getAttribute('data-insight');
    if (kind) beacon(kind, [listing]);
  });
}

/**
 * The text of /search's inline script (src/pages/search.astro), which starts the API request while
 * the page's modules load; the results island takes the response over when it asks for the same
 * URL (src/features/search/searchRequest.ts). The parameter names and page sizes are written in from
 * src/features/search/params.ts at build time, so a new parameter reaches it without an edit here. Any
 * change to this text changes its hash: netlify.toml's CSP must list the new one
 * (tests/build/headers.test.ts prints it).
 */
import { MAX_PAGE_SIZE, PAGE_SIZE, SEARCH_KEYS } from './params';

/** Mirrors readParams then toQuery(…, true) of src/features/search/searchRequest.ts, in ES5 for any browser. */
export const EARLY_SEARCH_SCRIPT = `(function () {
  var q = new URLSearchParams(location.search), o = new URLSearchParams();
  ${JSON.stringify(SEARCH_KEYS)}.forEach(function (k) {
    var v = (q.get(k) || '').trim() || (k === 'query' ? (q.get('q') || '').trim() : '');
    if (v) o.set(k, v);
  });
  var l = Number(q.get('limit'));
  o.set('limit', String(Number.isInteger(l) && l >= ${PAGE_SIZE} && l <= ${MAX_PAGE_SIZE} ? l : ${PAGE_SIZE}));
  var url = '/api/search?' + o;
  window.__glowSearch = { url: url, response: fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } }) };
})();`;

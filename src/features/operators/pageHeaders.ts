/**
 * Headers of every /operator page (docs/moderation.md "The console (/operator)"), set in code: netlify.toml's headers
 * apply only to static files, never to pages rendered on request. Nothing an operator sees is
 * cached anywhere (the browser, Netlify's CDN) or indexed.
 */
export const OPERATOR_PAGE_HEADERS: Record<string, string> = {
  'Cache-Control': 'private, no-store',
  'Netlify-CDN-Cache-Control': 'no-store',
  'CDN-Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
};

export function setOperatorPageHeaders(headers: Headers): void {
  for (const [name, value] of Object.entries(OPERATOR_PAGE_HEADERS)) headers.set(name, value);
}

/** A console page's answer that shows nothing (sent back to /operator, an unknown queue): with the same headers, so no answer of the console is stored either. */
export const operatorPageAnswer = (status: 303 | 404, location?: string): Response =>
  new Response(null, { status, headers: { ...OPERATOR_PAGE_HEADERS, ...(location ? { Location: location } : {}) } });

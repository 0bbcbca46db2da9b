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

/**
 * Pages rendered on request get the same security headers as the pre-built ones. Netlify applies
 * netlify.toml's [[headers]] only to static files, so they are read from that one file here
 * (src/local-server/netlifyConfig.ts) rather than written out twice.
 */
import { defineMiddleware } from 'astro:middleware';
import netlifyToml from '../netlify.toml?raw';
import { headersFor, parseNetlifyConfig } from './local-server/netlifyConfig';

const netlify = parseNetlifyConfig(netlifyToml);

/**
 * The content editor (docs/editing.md) is an application of its own, on the site only under
 * `npm run dev` or when configured for GitHub: its page runs inline scripts (Vite's in development)
 * and, in GitHub mode, talks to GitHub's API and shows GitHub avatars. No public page gets this policy.
 */
const EDITOR_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https://avatars.githubusercontent.com; connect-src 'self' https://api.github.com; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
const isEditor = (path: string) => /^\/(api\/)?keystatic(\/|$)/.test(path);

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.isPrerendered) return response;
  if (isEditor(context.url.pathname)) response.headers.set('Content-Security-Policy', EDITOR_CSP);
  for (const [name, value] of Object.entries(headersFor(netlify, context.url.pathname))) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
});

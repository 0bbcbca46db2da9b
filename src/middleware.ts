/**
 * Pages rendered on request get the same security headers as the pre-built ones. Netlify applies
 * netlify.toml's [[headers]] only to static files, so they are read from that one file here
 * (src/local-server/netlifyConfig.ts) rather than written out twice.
 */
import { defineMiddleware } from 'astro:middleware';
import netlifyToml from '../netlify.toml?raw';
import { headersFor, parseNetlifyConfig } from './local-server/netlifyConfig';

const netlify = parseNetlifyConfig(netlifyToml);

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.isPrerendered) return response;
  for (const [name, value] of Object.entries(headersFor(netlify, context.url.pathname))) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  return response;
});

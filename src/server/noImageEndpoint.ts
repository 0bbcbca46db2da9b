/**
 * What answers Astro's image endpoint (/_image) on Netlify and under `npm start`: nothing. Glow's
 * images are pre-built files (imagegen/), and the stock endpoint fetches any URL it is given and
 * re-encodes it at the asker's width and quality: a request forger and a CPU sink
 * (docs/security.md "Requests").
 */
import type { APIRoute } from 'astro';

export const prerender = false;

export const ALL: APIRoute = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

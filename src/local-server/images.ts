/**
 * Netlify Image CDN outside Netlify: `/.netlify/images?url=…&w=…&h=…&fit=…&fm=…&q=…` answered by
 * @netlify/images, Netlify's own implementation for local development (IPX over sharp). The source
 * is fetched from this same server, as the CDN fetches it from the site. Responses get the
 * lifetime the CDN gives a content-hash URL (docs/photos.md "Serving").
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ImageHandler } from '@netlify/images';
import { sendWebResponse, toWebRequest } from './nodeAdapter';

export const IMAGE_CDN_PATH = '/.netlify/images';

const quiet = {
  log: () => {},
  warn: (...message: unknown[]) => console.warn('[images]', ...message),
  error: (...message: unknown[]) => console.error('[images]', ...message),
};
const handler = new ImageHandler({ logger: quiet });

/**
 * Answers kept in memory, as the CDN keeps them: a source URL names its bytes by their hash, so an
 * answer never changes. Bounded by size; the oldest goes first.
 */
const CACHE_BYTES = 64 * 1024 * 1024;
const cache = new Map<string, { status: number; headers: [string, string][]; body: Buffer }>();
let cached = 0;

function remember(key: string, entry: { status: number; headers: [string, string][]; body: Buffer }): void {
  cache.set(key, entry);
  cached += entry.body.length;
  for (const [oldest, old] of cache) {
    if (cached <= CACHE_BYTES) break;
    cache.delete(oldest);
    cached -= old.body.length;
  }
}

/** This server, at the address it listens on (never the Host header's). */
function ownOrigin(req: IncomingMessage): string {
  const { localAddress, localPort } = req.socket;
  const host = !localAddress || localAddress === '::' || localAddress === '0.0.0.0' ? '127.0.0.1' : localAddress.replace(/^::ffff:/, '');
  return `http://${host.includes(':') ? `[${host}]` : host}:${localPort}`;
}

export async function handleImageCdn(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const key = req.url ?? '';
  const origin = ownOrigin(req);
  const hit = req.method === 'GET' ? cache.get(key) : undefined;
  if (hit) {
    // A photo hidden or deleted since (its source answers 404) leaves at once, as a purge does on Netlify.
    const source = new URL(key, origin).searchParams.get('url') ?? '';
    const live = source.startsWith('/') && (await fetch(new URL(source, origin), { method: 'HEAD' }).catch(() => null))?.ok;
    if (live) return sendWebResponse(res, new Response(new Uint8Array(hit.body), { status: hit.status, headers: hit.headers }));
    cache.delete(key);
    cached -= hit.body.length;
  }
  const match = handler.match(toWebRequest(req));
  if (!match) return void res.writeHead(404).end();
  const answer = await match.handle(origin);
  const headers = new Headers(answer.headers);
  if (!answer.ok) return sendWebResponse(res, new Response(answer.body, { status: answer.status, headers }));
  headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  headers.set('X-Content-Type-Options', 'nosniff');
  const body = Buffer.from(await answer.arrayBuffer());
  if (req.method === 'GET') remember(key, { status: answer.status, headers: [...headers], body });
  await sendWebResponse(res, new Response(new Uint8Array(body), { status: answer.status, headers }));
}

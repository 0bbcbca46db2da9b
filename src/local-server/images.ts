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

export async function handleImageCdn(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const match = handler.match(toWebRequest(req));
  if (!match) return void res.writeHead(404).end();
  // The source comes from this server, at the address it listens on (never the Host header's).
  const { localAddress, localPort } = req.socket;
  const host = !localAddress || localAddress === '::' || localAddress === '0.0.0.0' ? '127.0.0.1' : localAddress.replace(/^::ffff:/, '');
  const answer = await match.handle(`http://${host.includes(':') ? `[${host}]` : host}:${localPort}`);
  const headers = new Headers(answer.headers);
  if (answer.ok) {
    headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    headers.set('X-Content-Type-Options', 'nosniff');
  }
  await sendWebResponse(res, new Response(answer.body, { status: answer.status, headers }));
}

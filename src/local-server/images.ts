/**
 * Netlify Image CDN outside Netlify: `/.netlify/images?url=…&w=…&h=…&fit=…&position=…&fm=…&q=…`,
 * the parameters Netlify documents, each checked against its bounds before anything is fetched or
 * decoded (docs/security.md "The local Image CDN"): `w`, `h` and `q` integers in range, `fm`, `fit`
 * and `position` from their lists, the source a path of this same site (fetched from this server, as
 * the CDN fetches it from the site), resized with sharp in memory (no file-system storage), never
 * enlarged, its input bounded in bytes and pixels. Errors are short fixed texts: no internal address
 * reaches a client. Responses get the lifetime the CDN gives a content-hash URL (docs/photos.md
 * "Serving").
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';

export const IMAGE_CDN_PATH = '/.netlify/images';

/** The bounds of every parameter and of the work one request may cause. */
export const IMAGE_CDN_LIMITS = {
  /** Largest `w` or `h`: above the largest photo Glow stores (2560), and no answer is enlarged past its source. */
  maxEdge: 4096,
  /** `q` range (lossy formats), and the quality without one (Netlify's default). */
  minQuality: 1,
  maxQuality: 100,
  defaultQuality: 75,
  /** Largest source fetched, in bytes, and decoded, in pixels. */
  maxSourceBytes: 16 * 1024 * 1024,
  maxSourcePixels: 40_000_000,
} as const;

export const IMAGE_FORMATS = ['avif', 'webp', 'jpg', 'png'] as const;
export const IMAGE_FITS = ['contain', 'cover', 'fill'] as const;
export const IMAGE_POSITIONS = ['center', 'top', 'bottom', 'left', 'right'] as const;
type Format = (typeof IMAGE_FORMATS)[number];

const PARAMETERS = new Set(['url', 'w', 'width', 'h', 'height', 'q', 'quality', 'fm', 'fit', 'position']);

export interface ImageRequest {
  source: string;
  w?: number;
  h?: number;
  q: number;
  fm?: Format;
  fit: (typeof IMAGE_FITS)[number];
  position: (typeof IMAGE_POSITIONS)[number];
}

export class ImageParameterError extends Error {}

const INTEGER = /^[1-9][0-9]{0,5}$/;

function integer(name: string, value: string | null, min: number, max: number): number | undefined {
  if (value === null) return undefined;
  const n = INTEGER.test(value) ? Number(value) : Number.NaN;
  if (!(n >= min && n <= max)) throw new ImageParameterError(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

function oneOf<T extends string>(name: string, value: string | null, allowed: readonly T[]): T | undefined {
  if (value === null) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw new ImageParameterError(`${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** The request's parameters, checked; throws ImageParameterError naming the first that is out of bounds. */
export function parseImageRequest(query: URLSearchParams): ImageRequest {
  for (const name of new Set(query.keys())) {
    if (!PARAMETERS.has(name)) throw new ImageParameterError(`unknown parameter ${name}`);
    if (query.getAll(name).length > 1) throw new ImageParameterError(`${name} is given more than once`);
  }
  const either = (a: string, b: string) => {
    if (query.has(a) && query.has(b)) throw new ImageParameterError(`give ${a} or ${b}, not both`);
    return query.get(a) ?? query.get(b);
  };
  const source = query.get('url');
  // A path of this site only: not another origin, not "//host", not a backslash or a control character.
  if (!source || !/^\/(?![/\\])[^\\\s\p{Cc}]*$/u.test(source)) throw new ImageParameterError('url must be a path on this site');
  const { maxEdge, minQuality, maxQuality, defaultQuality } = IMAGE_CDN_LIMITS;
  return {
    source,
    w: integer('w', either('w', 'width'), 1, maxEdge),
    h: integer('h', either('h', 'height'), 1, maxEdge),
    q: integer('q', either('q', 'quality'), minQuality, maxQuality) ?? defaultQuality,
    fm: oneOf('fm', query.get('fm'), IMAGE_FORMATS),
    fit: oneOf('fit', query.get('fit'), IMAGE_FITS) ?? 'contain',
    position: oneOf('position', query.get('position'), IMAGE_POSITIONS) ?? 'center',
  };
}

/** Without `fm`, the format the browser says it takes, as the CDN negotiates it. */
const negotiated = (accept: string): Format => (/image\/avif/.test(accept) ? 'avif' : /image\/webp/.test(accept) ? 'webp' : 'jpg');

const SHARP_FIT = { contain: 'inside', cover: 'cover', fill: 'fill' } as const;
const TYPES: Record<Format, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

async function transform(input: Buffer, request: ImageRequest, format: Format): Promise<Buffer> {
  let image = sharp(input, { limitInputPixels: IMAGE_CDN_LIMITS.maxSourcePixels, failOn: 'error', pages: 1 });
  if (request.w || request.h) {
    image = image.resize({
      width: request.w,
      height: request.h,
      fit: SHARP_FIT[request.fit],
      position: request.position === 'center' ? 'centre' : request.position,
      withoutEnlargement: true,
    });
  }
  const quality = request.q;
  const encoded =
    format === 'avif'
      ? image.avif({ quality })
      : format === 'webp'
        ? image.webp({ quality })
        : format === 'jpg'
          ? image.jpeg({ quality, mozjpeg: true })
          : image.png();
  return encoded.toBuffer();
}

/**
 * Answers kept in memory, as the CDN keeps them: a source URL names its bytes by their hash, so an
 * answer never changes. Bounded by size; the oldest goes first.
 */
const CACHE_BYTES = 64 * 1024 * 1024;
const cache = new Map<string, { type: string; body: Buffer }>();
let cached = 0;

function remember(key: string, entry: { type: string; body: Buffer }): void {
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

const text = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) =>
  void res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers }).end(body);

/** The source's bytes, or null when it is missing or too large. */
async function fetchSource(origin: string, source: string): Promise<Buffer | null> {
  const answer = await fetch(new URL(source, origin), { redirect: 'manual' }).catch(() => null);
  if (!answer?.ok || !answer.body) return null;
  const declared = Number(answer.headers.get('content-length') ?? 0);
  if (declared > IMAGE_CDN_LIMITS.maxSourceBytes) {
    await answer.body.cancel();
    return null;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of answer.body) {
    size += chunk.length;
    if (size > IMAGE_CDN_LIMITS.maxSourceBytes) return null;
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

export async function handleImageCdn(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return text(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
  const query = new URL(req.url ?? '/', 'http://local').searchParams;
  let request: ImageRequest;
  try {
    request = parseImageRequest(query);
  } catch (error) {
    if (error instanceof ImageParameterError) return text(res, 400, `Bad Request: ${error.message}`);
    throw error;
  }
  const accept = String(req.headers.accept ?? '');
  const format = request.fm ?? negotiated(accept);
  const key = JSON.stringify({ ...request, format });
  const origin = ownOrigin(req);
  let entry = cache.get(key);
  if (entry) {
    // A photo hidden or deleted since (its source answers 404) leaves at once, as a purge does on Netlify.
    const live = (await fetch(new URL(request.source, origin), { method: 'HEAD', redirect: 'manual' }).catch(() => null))?.ok;
    if (!live) {
      cache.delete(key);
      cached -= entry.body.length;
      return text(res, 404, 'Not Found: no image at that url');
    }
  } else {
    const source = await fetchSource(origin, request.source);
    if (!source) return text(res, 404, 'Not Found: no image at that url');
    try {
      entry = { type: TYPES[format], body: await transform(source, request, format) };
    } catch {
      return text(res, 400, 'Bad Request: the source is not an image this CDN can read');
    }
    remember(key, entry);
  }
  const headers: Record<string, string> = {
    'Content-Type': entry.type,
    'Content-Length': String(entry.body.length),
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
  };
  if (!request.fm) headers.Vary = 'Accept';
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : entry.body);
}

/** Node http <-> Web Request/Response, for running the functions outside Netlify. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { env, isDeployed } from '../env.server';
import { API_HEADERS, jsonText } from '../server/http';
import { matchFunction, type FunctionRoute } from './functionRoutes';

/**
 * The request target when it is a path: one slash, then anything but a second slash or a backslash.
 * "//127.0.0.1:4798/x", "/\\host/x", "http://host/x" and "*" are not: a URL built from them names
 * another host (docs/security.md "Requests").
 */
export function requestPath(req: IncomingMessage): string | null {
  const target = req.url ?? '/';
  return /^\/(?![/\\])/.test(target) || target === '/' ? target : null;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origin a local server was opened at, when that is a loopback name with the port this
 * connection came in on (`http://localhost:4321`, `http://127.0.0.1:4321`, `http://[::1]:4321`)
 * and Glow does not run deployed: `npm start` opened on this machine signs owners in without
 * SITE_URL (docs/security.md "Requests"). Any other Host counts for nothing.
 */
export function loopbackOrigin(req: IncomingMessage): string | null {
  const host = req.headers.host;
  if (!host || isDeployed()) return null;
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return null;
  }
  const port = Number(url.port || 80);
  return LOOPBACK_NAMES.has(url.hostname) && port === req.socket.localPort && url.host === host.toLowerCase() ? url.origin : null;
}

/** The request's URL: its path on the site's own origin (SITE_URL), or on the loopback origin it was opened at (`loopbackOrigin`); never on another Host's. */
export function requestUrl(req: IncomingMessage): URL {
  return new URL(requestPath(req) ?? '/', loopbackOrigin(req) ?? env().SITE_URL);
}

export function toWebRequest(req: IncomingMessage): Request {
  const headers: Record<string, string> = {};
  for (const key in req.headers) {
    const value = req.headers[key];
    if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(requestUrl(req), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    duplex: hasBody ? 'half' : undefined,
  } as RequestInit);
}

/** The encoding a client accepts that we send: brotli first, then gzip, else none. */
export function acceptedEncoding(acceptEncoding: string): 'br' | 'gzip' | null {
  return /\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gzip' : null;
}

/** Text worth compressing, as Netlify's CDN compresses it. */
const COMPRESSIBLE_TYPE = /^(text\/|application\/(json|xml|javascript)|image\/svg)/;

/**
 * Writes a Web Response to Node. With the request's Accept-Encoding, text bodies are compressed
 * (brotli at a quality fast enough for rendered pages, else gzip), as Netlify's CDN does.
 */
export async function sendWebResponse(res: ServerResponse, response: Response, acceptEncoding = ''): Promise<void> {
  const compressible = COMPRESSIBLE_TYPE.test(response.headers.get('content-type') ?? '') && !response.headers.has('content-encoding');
  const encoding = response.body && compressible ? acceptedEncoding(acceptEncoding) : null;
  // One writeHead with every header: a flat list, which keeps repeated ones (several Set-Cookie).
  // The length is the body's as sent; Vary gains Accept-Encoding when the body is compressed.
  const headers: string[] = [];
  response.headers.forEach((value, key) => {
    if (key !== 'content-length' && !(encoding && key === 'vary')) headers.push(key, value);
  });
  if (!response.body) return void res.writeHead(response.status, headers).end();
  // A function's JSON is written from its text; other bodies (rendered pages) are read from their stream.
  const text = jsonText(response);
  const body = text === undefined ? Buffer.from(await response.arrayBuffer()) : Buffer.from(text);
  if (!encoding) return void res.writeHead(response.status, [...headers, 'Content-Length', String(body.length)]).end(body);
  const packed = encoding === 'br' ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body);
  const vary = response.headers.get('vary');
  headers.push('Content-Encoding', encoding, 'Content-Length', String(packed.length), 'Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  res.writeHead(response.status, headers).end(packed);
}

/** Answers /api/* from the function routes; an unknown API path gets a JSON 404. */
export async function handleApi(req: IncomingMessage, res: ServerResponse, routes: FunctionRoute[], clientAddress?: string): Promise<void> {
  const url = requestUrl(req);
  const match = matchFunction(routes, url.pathname);
  if (!match) {
    res.writeHead(404, API_HEADERS).end(JSON.stringify({ error: `No API endpoint at ${url.pathname}`, issues: [] }));
    return;
  }
  const request = toWebRequest(req);
  const response = await match.route.handler(request, { params: match.params, ip: clientAddress ?? req.socket.remoteAddress ?? '' });
  await sendWebResponse(res, response);
  // A function may answer before reading the whole body (413 for an oversized one). Left in the
  // socket, the rest would be read as the next request of a keep-alive connection: discard it.
  if (!req.complete) req.removeAllListeners('data').resume();
}

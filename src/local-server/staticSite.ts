/**
 * Serves the built site the way Netlify does: /api/* from the functions, files from dist/ (pretty
 * URLs: /about → about.html) with netlify.toml's [[headers]], its 200-rewrites (applied only when
 * no file matches, unless forced), then Astro's on-request renderer (the Netlify adapter's SSR
 * function, which Netlify routes at /* after static files), else dist/404.html.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import type { FunctionModule, FunctionRoute } from './functionRoutes';
import { headersFor, parseNetlifyConfig, type NetlifyConfig } from './netlifyConfig';
import { acceptedEncoding, handleApi, requestPath, requestUrl, sendWebResponse, toWebRequest } from './nodeAdapter';
import { handleImageCdn, IMAGE_CDN_PATH } from './images';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.webmanifest': 'application/manifest+json',
};

/** Text files are sent compressed, as Netlify's CDN does; each file is compressed once and kept. */
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg', '.webmanifest']);
const compressed = new Map<string, { key: string; br: Buffer; gzip: Buffer }>();

function compressedFile(file: string, mtimeMs: number) {
  const key = `${file}:${mtimeMs}`;
  const hit = compressed.get(file);
  if (hit?.key === key) return hit;
  const raw = readFileSync(file);
  const entry = {
    key,
    br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gzip: gzipSync(raw, { level: 9 }),
  };
  compressed.set(file, entry);
  return entry;
}

export function readNetlifyConfig(file = join(process.cwd(), 'netlify.toml')): NetlifyConfig {
  return existsSync(file) ? parseNetlifyConfig(readFileSync(file, 'utf8')) : { redirects: [], headers: [] };
}

/** The file under dist/ a URL path names, or null. */
function resolveFile(distDir: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const base = normalize(join(distDir, decoded));
  if (base !== distDir && !base.startsWith(distDir + sep)) return null;
  const candidates = decoded.endsWith('/') ? [join(base, 'index.html')] : [base, `${base}.html`, join(base, 'index.html')];
  for (const file of candidates) {
    try {
      if (statSync(file).isFile()) return file;
    } catch {
      /* not this one */
    }
  }
  return null;
}

export interface SiteServerOptions {
  distDir: string;
  routes: FunctionRoute[];
  netlify?: NetlifyConfig;
  /** Astro's on-request renderer (src/local-server/ssrFunction.ts); without it, unknown paths get dist/404.html. */
  render?: FunctionModule['default'];
}

/** A Host header that names a host: a DNS name or an IPv4 address, or an IPv6 one in brackets, and an optional port. */
const VALID_HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** Methods the Fetch standard forbids: `new Request` throws on them, so no function can be handed one. */
const UNREQUESTABLE = new Set(['TRACE', 'TRACK', 'CONNECT']);

/** Paths Glow never serves: Astro's image endpoint fetches and re-encodes any URL it is given (docs/security.md "Requests"). */
const NEVER_SERVED = /^\/_image(?:\/|$)/;

function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export function createSiteServer({ distDir, routes, netlify = readNetlifyConfig(), render }: SiteServerOptions): Server {
  const root = normalize(distDir);
  // Every answer carries the site's security headers: 404s, redirects, 405s, 400s and 500s too.
  const security = headersFor(netlify.headers.length ? netlify : readNetlifyConfig(), '/');

  function sendFile(req: IncomingMessage, res: ServerResponse, file: string, status: number, pathname: string) {
    const stat = statSync(file);
    const etag = `"${stat.size.toString(36)}-${stat.mtimeMs.toString(36)}"`;
    res.statusCode = status;
    for (const [k, v] of Object.entries(headersFor(netlify, pathname))) res.setHeader(k, v);
    res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
    res.setHeader('ETag', etag);
    if (status === 200 && req.headers['if-none-match'] === etag) return void res.writeHead(304).end();
    const accept = String(req.headers['accept-encoding'] ?? '');
    const encoding = COMPRESSIBLE.has(extname(file)) ? acceptedEncoding(accept) : null;
    if (COMPRESSIBLE.has(extname(file))) res.setHeader('Vary', 'Accept-Encoding');
    if (encoding) {
      const body = compressedFile(file, stat.mtimeMs)[encoding];
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', body.length);
      return void res.end(req.method === 'HEAD' ? undefined : body);
    }
    res.setHeader('Content-Length', stat.size);
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file).pipe(res);
  }

  function notFound(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const page = join(root, '404.html');
    if (existsSync(page)) return sendFile(req, res, page, 404, pathname);
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
    if (req.headers.host !== undefined && !VALID_HOST.test(req.headers.host)) {
      return void res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad Request: malformed Host header');
    }
    // TRACE, TRACK and CONNECT: no Web Request can carry them (fetch forbids them), so they stop here,
    // on every path, with the 405 any other method no route takes gets (docs/security.md "Input edges").
    if (UNREQUESTABLE.has(String(req.method).toUpperCase())) {
      const api = (req.url ?? '').startsWith('/api/');
      return void res
        .writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': api ? 'application/json' : 'text/plain; charset=utf-8' })
        .end(api ? JSON.stringify({ error: `Method ${req.method} is not allowed here`, issues: [] }) : 'Method Not Allowed');
    }
    // "//host/…" would name another origin to anything that builds a URL from it: not a path here.
    if (requestPath(req) === null) return notFound(req, res, '/');
    const url = requestUrl(req);
    if (NEVER_SERVED.test(url.pathname)) return notFound(req, res, url.pathname);
    // The content editor's API is a route of the site's function, as on Netlify (docs/editing.md "Deploy").
    const editorApi = url.pathname.startsWith('/api/keystatic/') && render;
    if (!editorApi && (url.pathname === '/api' || url.pathname.startsWith('/api/'))) return handleApi(req, res, routes);
    if (!decodable(url.pathname)) {
      return void res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad Request: invalid percent-encoding in the path');
    }
    if (url.pathname === IMAGE_CDN_PATH || url.pathname === `${IMAGE_CDN_PATH}/`) return handleImageCdn(req, res);
    if (editorApi)
      return sendWebResponse(
        res,
        await render(toWebRequest(req), { params: {}, ip: req.socket.remoteAddress ?? '' }),
        String(req.headers['accept-encoding'] ?? ''),
      );
    if (!['GET', 'HEAD'].includes(req.method ?? 'GET')) {
      return void res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method Not Allowed');
    }
    const direct = resolveFile(root, url.pathname);
    for (const rule of netlify.redirects) {
      if ((direct && !rule.force) || !rule.pattern.test(url.pathname)) continue;
      if (rule.status === 200) {
        const target = resolveFile(root, rule.to);
        if (target) return sendFile(req, res, target, 200, url.pathname);
      } else {
        return void res.writeHead(rule.status, { Location: rule.to }).end();
      }
    }
    if (direct) return sendFile(req, res, direct, 200, url.pathname);
    if (render) {
      const request = toWebRequest(req);
      return sendWebResponse(res, await render(request, { params: {}, ip: req.socket.remoteAddress ?? '' }), String(req.headers['accept-encoding'] ?? ''));
    }
    notFound(req, res, url.pathname);
  }

  return createServer((req, res) => {
    handle(req, res).catch((error) => {
      console.error('[server]', error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error');
    });
  });
}

/**
 * What every function shares: method dispatch (405 with Allow), JSON bodies with a size cap (413),
 * validation errors as the API's JSON error shape (400; docs/api.md), domain errors (404, 409), an unreachable
 * database (503), and the security headers on every response.
 */
import { z } from '../lib/zod';
import { LIMITS } from '../config';
import type { Db } from '../db/client';
import { ConflictError, ForbiddenError, InvalidInputError, NotConfiguredError, NotFoundError, OverBudgetError, TooManyError } from '../lib/errors';
import type { ApiError } from '../lib/schemas/apiError';
import { hit, limits } from '../lib/rateLimit.server';

/** Headers on every API response (the same policy netlify.toml sets for pages). */
export const API_HEADERS: Record<string, string> = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
  'X-Frame-Options': 'DENY',
};

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: ApiError['issues'] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A response made by json(), carrying its text, so the Node adapter writes it without reading the body back as a stream. */
class JsonResponse extends Response {
  constructor(
    readonly bodyText: string,
    init: ResponseInit,
  ) {
    super(bodyText, init);
  }
}

/** The body of a response made by json(), as text (undefined for any other response). */
export const jsonText = (response: Response): string | undefined => (response instanceof JsonResponse ? response.bodyText : undefined);

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new JsonResponse(JSON.stringify(body), { status, headers: { ...API_HEADERS, ...headers } });
}

function errorResponse(error: HttpError): Response {
  const body: ApiError = { error: error.message, issues: error.issues };
  return json(body, error.status, error.headers);
}

/** A zod failure as a 400 whose sentence names every problem. */
export function validationError(error: z.core.$ZodError): HttpError {
  const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const messages = [...new Set(issues.map((i) => i.message))];
  return new HttpError(400, messages.join('. ').replace(/\.\./g, '.') || 'Invalid request', issues);
}

export function parseWith<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const result = z.safeParse(schema, input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** Reads a JSON object body, refusing non-JSON (415), oversize bodies (413) and malformed JSON (400). */
export async function readJsonObject(req: Request): Promise<Record<string, unknown>> {
  const tooLarge = `Request body must be at most ${LIMITS.maxBodyBytes / 1024} KB`;
  // The declared size first: an oversize body is refused as that, whatever its type.
  if (Number(req.headers.get('content-length') ?? 0) > LIMITS.maxBodyBytes) throw new HttpError(413, tooLarge);
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type.trim())) {
    throw new HttpError(415, 'Request body must be JSON (Content-Type: application/json)');
  }
  const bytes = await readBodyBytes(req, LIMITS.maxBodyBytes, tooLarge);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'Request body must be a JSON object');
  return body as Record<string, unknown>;
}

/**
 * Reads a body of at most `maxBytes` (413 past it, from Content-Length before reading when it is
 * declared), for uploads that are not JSON.
 */
export async function readBodyBytes(req: Request, maxBytes: number, tooLarge: string): Promise<Buffer> {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new HttpError(413, tooLarge);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        // Released, not cancelled: cancelling destroys the Node request under `npm start` and
        // strands the rest of the body on a keep-alive connection (nodeAdapter.ts discards it).
        reader.releaseLock();
        throw new HttpError(413, tooLarge);
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}

/** Netlify's context, reduced to what the functions read (the adapter of `npm start` supplies it too). */
export interface FunctionContext {
  params: Record<string, string>;
  /** The client's address (Netlify's context.ip; the socket address under `npm start`). */
  ip: string;
  /** Keeps the instance alive for work after the response (Netlify's context.waitUntil; absent elsewhere). */
  waitUntil?: (promise: Promise<unknown>) => void;
}

/**
 * 429 with Retry-After once a client has posted too often; the address is logged only as a hash.
 * `key` counts by something other than the client address (an email address asking for codes).
 */
export async function enforceRateLimit(
  database: Db,
  context: FunctionContext,
  action: keyof ReturnType<typeof limits>,
  { key = context.ip || 'unknown', message = 'Too many submissions from your network. Please wait a few minutes and try again.' } = {},
): Promise<void> {
  const decision = await hit(database, action, key, limits()[action]);
  if (!decision.allowed) {
    console.warn(`[api] rate limit: ${action}, ${decision.hits} requests in this window`);
    throw new HttpError(429, message, [], {
      'Retry-After': String(decision.retryAfter),
    });
  }
}

/** Forms carry a field people never see (`fax`); only bots fill it in. */
export function rejectHoneypot(input: { fax?: string | undefined }, action: string): void {
  if (input.fax) {
    console.warn(`[api] honeypot filled on ${action}; nothing stored`);
    throw new HttpError(400, 'This submission was not accepted.');
  }
}

/**
 * A path parameter, percent-decoded. Bad percent-encoding (`/api/providers/by-slug/%E0%A4%A`) is the
 * client's mistake: a 400, never a 500 (docs/security.md "Requests").
 */
export function pathParam(params: Record<string, string>, name: string): string {
  try {
    return decodeURIComponent(params[name] ?? '');
  } catch {
    throw new HttpError(400, 'The address has invalid percent-encoding');
  }
}

type Handler = (req: Request, context: FunctionContext) => Promise<Response>;

/** libSQL errors that mean the database cannot be reached, not that the request was wrong. */
function isUnavailable(error: unknown): boolean {
  const text = `${(error as { code?: string })?.code ?? ''} ${(error as Error)?.message ?? ''} ${(error as { cause?: Error })?.cause?.message ?? ''}`;
  return /ECONNREFUSED|ENOTFOUND|ETIMEDOUT|EAI_AGAIN|fetch failed|SQLITE_CANTOPEN|unable to open database|SQLITE_BUSY|database is locked|SERVER_ERROR|HRANA_WEBSOCKET|no such table/i.test(
    text,
  );
}

/** A function answering the given methods, with every failure turned into a JSON error. */
export function route(handlers: Partial<Record<'GET' | 'POST' | 'PUT' | 'DELETE', Handler>>) {
  const allow = [...Object.keys(handlers), ...(handlers.GET ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  return async (req: Request, context: FunctionContext): Promise<Response> => {
    const method = req.method.toUpperCase();
    if (method === 'OPTIONS') return new Response(null, { status: 204, headers: { ...API_HEADERS, Allow: allow } });
    const handler = handlers[(method === 'HEAD' ? 'GET' : method) as 'GET' | 'POST' | 'PUT' | 'DELETE'];
    try {
      if (!handler) throw new HttpError(405, `Method ${method} is not allowed here; use ${allow}`, [], { Allow: allow });
      const response = await handler(req, { params: context?.params ?? {}, ip: context?.ip ?? '', waitUntil: context?.waitUntil?.bind(context) });
      return method === 'HEAD' ? new Response(null, { status: response.status, headers: response.headers }) : response;
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error);
      if (error instanceof z.core.$ZodError) return errorResponse(validationError(error));
      if (error instanceof NotFoundError) return errorResponse(new HttpError(404, error.message));
      if (error instanceof ConflictError) return errorResponse(new HttpError(409, error.message));
      if (error instanceof ForbiddenError) return errorResponse(new HttpError(403, error.message));
      if (error instanceof TooManyError) return errorResponse(new HttpError(429, error.message, [], { 'Retry-After': String(error.retryAfter) }));
      if (error instanceof InvalidInputError) return errorResponse(new HttpError(400, error.message, [{ path: error.path, message: error.message }]));
      if (error instanceof NotConfiguredError) {
        console.error(`[api] ${method} ${new URL(req.url).pathname}: ${error.message}`);
        return errorResponse(new HttpError(503, error.message));
      }
      if (error instanceof OverBudgetError) {
        console.warn(`[api] ${method} ${new URL(req.url).pathname}${new URL(req.url).search}: ${error.message}`);
        return errorResponse(new HttpError(503, error.message, [], { 'Retry-After': String(error.retryAfterSeconds) }));
      }
      console.error(`[api] ${method} ${new URL(req.url).pathname}:`, error);
      if (isUnavailable(error)) {
        return errorResponse(new HttpError(503, 'The directory is temporarily unavailable. Please try again shortly.', [], { 'Retry-After': '30' }));
      }
      return errorResponse(new HttpError(500, 'Something went wrong on our side. Please try again later.'));
    }
  };
}

/**
 * A page of results with its total in X-Total-Count; a total that was only counted up to a cap
 * (LIMITS.countedTotal) also says `X-Total-Count-Capped: true`. `headers` adds e.g. CDN caching or
 * X-Corrected-Query; the X- headers are exposed to scripts too.
 */
export function page(items: unknown[], total: number, { capped = false, headers = {} }: { capped?: boolean; headers?: Record<string, string> } = {}): Response {
  const expose = ['X-Total-Count', 'X-Total-Count-Capped', ...Object.keys(headers).filter((h) => /^X-/i.test(h))];
  return json(items, 200, {
    'X-Total-Count': String(total),
    ...(capped ? { 'X-Total-Count-Capped': 'true' } : {}),
    ...headers,
    'Access-Control-Expose-Headers': [...new Set(expose)].join(', '),
  });
}

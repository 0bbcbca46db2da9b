/**
 * The one browser wrapper of fetch for /api/* (public and owner calls alike): credentials included,
 * JSON in and out, no retries. A failed call throws an ApiError with the status (0 when Glow could
 * not be reached), the API's own sentence (`error`) as the message to show, and its field errors:
 * `issues` (a list) or `errors` (by field), as each form's call answers.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What a call that could not reach Glow says. */
export const UNREACHABLE = 'Glow could not be reached. Check your connection and try again.';

/** The response itself when OK; otherwise an ApiError from its body ("{status}: {status text}" when it says nothing). */
export async function okResponse(res: Response): Promise<Response> {
  if (res.ok) return res;
  const data = (await res.json().catch(() => null)) as {
    error?: string;
    issues?: { path: string; message: string }[];
    errors?: Record<string, string>;
  } | null;
  const issues = data?.issues ?? Object.entries(data?.errors ?? {}).map(([path, message]) => ({ path, message }));
  throw new ApiError(res.status, data?.error ?? issues[0]?.message ?? `${res.status}: ${res.statusText}`, issues);
}

export async function apiRequest(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'include',
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, UNREACHABLE);
  }
  return okResponse(res);
}

/** A call's JSON answer (nothing for 204 No Content). */
export async function apiCall<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** GET a JSON list with its X-Total-Count (and whether that total was capped: X-Total-Count-Capped). */
export async function getPage<T>(url: string): Promise<{ items: T[]; total: number; capped: boolean }> {
  return readPage<T>(await apiRequest('GET', url));
}

/** A JSON list and its X-Total-Count from an OK response. */
export async function readPage<T>(res: Response): Promise<{ items: T[]; total: number; capped: boolean }> {
  const items = (await res.json()) as T[];
  const total = Number(res.headers.get('X-Total-Count') ?? items.length);
  return { items, total, capped: res.headers.get('X-Total-Count-Capped') === 'true' };
}

export const getJson = <T>(url: string): Promise<T> => apiCall<T>('GET', url);

export const postJson = <T>(url: string, body: unknown): Promise<T> => apiCall<T>('POST', url, body);

/**
 * Browser calls to /api/*: credentials included, JSON in and out, and any non-OK
 * answer thrown as "{status}: {body text or status text}". No retries.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The response itself when OK; otherwise the error above. */
export async function okResponse(res: Response): Promise<Response> {
  if (!res.ok) {
    const text = (await res.text().catch(() => '')) || res.statusText;
    throw new ApiError(res.status, `${res.status}: ${text}`);
  }
  return res;
}

export async function apiRequest(method: 'GET' | 'POST', url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return okResponse(res);
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

export async function getJson<T>(url: string): Promise<T> {
  return (await (await apiRequest('GET', url)).json()) as T;
}

export async function postJson<T>(url: string, body: unknown): Promise<T> {
  return (await (await apiRequest('POST', url, body)).json()) as T;
}

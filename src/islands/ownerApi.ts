/**
 * Browser calls of the owner pages (docs/owners.md): JSON in and out, cookies included, and an API
 * error's own sentence (`error`) as the message to show.
 */
export class OwnerCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

export async function ownerCall<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'include',
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new OwnerCallError(0, 'Glow could not be reached. Check your connection and try again.');
  }
  if (res.status === 204) return undefined as T;
  const data = (await res.json().catch(() => null)) as {
    error?: string;
    issues?: { path: string; message: string }[];
    errors?: Record<string, string>;
  } | null;
  // Field errors come as `issues` (a list) or `errors` (by field), as each form's call answers.
  const issues = data?.issues ?? Object.entries(data?.errors ?? {}).map(([path, message]) => ({ path, message }));
  if (!res.ok) throw new OwnerCallError(res.status, data?.error ?? issues[0]?.message ?? `${res.status}: ${res.statusText}`, issues);
  return data as T;
}

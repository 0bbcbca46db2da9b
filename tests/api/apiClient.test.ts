/** The browser's API client: a non-OK answer becomes "{status}: {body or status text}". */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiRequest, getPage, postJson } from '../../src/lib/apiClient';
import { startApi, type TestApi } from '../helpers/api';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe('apiClient', () => {
  it('reads a page and its X-Total-Count', async () => {
    const { items, total } = await getPage<{ city: string }>(`${api.base}/api/search?location=Chicago&limit=3`);
    expect(items).toHaveLength(3);
    expect(total).toBe(10);
  });

  it('throws "{status}: {body}" for a non-OK answer', async () => {
    const error = await apiRequest('GET', `${api.base}/api/providers/by-slug/nobody-here`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).message).toBe('404: {"error":"Provider not found","issues":[]}');
    const invalid = await postJson(`${api.base}/api/reviews`, { providerId: 'x' }).catch((e: unknown) => e as ApiError);
    expect((invalid as ApiError).message).toMatch(/^400: \{"error":/);
  });

  it('uses the status text when the body is empty', async () => {
    // OPTIONS answers 204 with no body; HEAD to an unknown endpoint answers 404 with no body.
    const error = await apiRequest('GET', `${api.base}/api/providers?limit=0`).catch((e: unknown) => e as ApiError);
    expect((error as ApiError).message.startsWith('400: ')).toBe(true);
    const head = await fetch(`${api.base}/api/providers/by-slug/nobody-here`, { method: 'HEAD' });
    expect(head.status).toBe(404);
    expect(await head.text()).toBe('');
  });
});

/** The browser's one API client (src/lib/apiClient.ts): a failed call throws its status, the API's own sentence and its field errors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiCall, apiRequest, getPage, postJson, UNREACHABLE } from '../../src/lib/apiClient';
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

  it("throws the API's own sentence, status and field errors for a non-OK answer", async () => {
    const error = await apiRequest('GET', `${api.base}/api/providers/by-slug/nobody-here`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).message).toBe('Provider not found');
    const invalid = (await postJson(`${api.base}/api/reviews`, { providerId: 'x' }).catch((e: unknown) => e)) as ApiError;
    expect(invalid.status).toBe(400);
    expect(invalid.issues.length).toBeGreaterThan(0);
    expect(invalid.message).not.toMatch(/^400|\{/);
  });

  it('throws status 0 and a sentence when Glow cannot be reached', async () => {
    const unreachable = (await apiCall('GET', 'http://127.0.0.1:9/api/search').catch((e: unknown) => e)) as ApiError;
    expect(unreachable).toBeInstanceOf(ApiError);
    expect([unreachable.status, unreachable.message]).toEqual([0, UNREACHABLE]);
  });
});

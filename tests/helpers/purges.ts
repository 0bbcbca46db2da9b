/** Records the CDN purges that writes ask for (src/server/cachePurge.ts) instead of sending them, for one test file. */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { setPurgeBackend } from '../../src/server/cachePurge';

/** `calls` holds the tag lists purged during the current test (cleared after each). */
export function recordPurges(): { calls: string[][] } {
  const record = { calls: [] as string[][] };
  let restore = () => {};
  beforeAll(() => {
    restore = setPurgeBackend(async (tags) => void record.calls.push(tags));
  });
  afterAll(() => restore());
  afterEach(() => {
    record.calls = [];
  });
  return record;
}

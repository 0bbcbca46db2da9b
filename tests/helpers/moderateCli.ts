/** `npm run moderate -- …` as an operator runs it: a real process against the database at `url`, as ops-jordan. */
import { spawnSync } from 'node:child_process';

/** How long one run may take (a tsx start and one command) before it is stopped and fails. */
export const MODERATE_RUN_MS = 60_000;

/**
 * A test's timeout for `runs` of the command. Each run is a process of its own (seconds of tsx start
 * on a busy machine) bounded by MODERATE_RUN_MS, and spawnSync holds the test's clock until it
 * returns, so the test may take the sum of its runs' limits: a slow machine makes it slow, not
 * failed, and a run that hangs still fails at its own limit.
 */
export const moderateRuns = (runs: number) => runs * MODERATE_RUN_MS;

export function runModerate(url: string, ...args: string[]) {
  const run = spawnSync('npm', ['run', '--silent', 'moderate', '--', ...args], {
    env: { ...process.env, DATABASE_URL: url, USER: 'ops-jordan', NETLIFY_PURGE_API_TOKEN: '' },
    encoding: 'utf8',
    timeout: MODERATE_RUN_MS,
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

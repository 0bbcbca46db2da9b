/** `npm run moderate -- …` as an operator runs it: a real process against the database at `url`, as ops-jordan. */
import { spawnSync } from 'node:child_process';

export function runModerate(url: string, ...args: string[]) {
  const run = spawnSync('npm', ['run', '--silent', 'moderate', '--', ...args], {
    env: { ...process.env, DATABASE_URL: url, USER: 'ops-jordan', NETLIFY_PURGE_API_TOKEN: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

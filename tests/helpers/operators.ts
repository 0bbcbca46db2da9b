/** Operators in tests. An operator signed in through the real calls (POST /api/operator/code, then the owners' POST /api/owners/sign-in), the code read from the test SMTP server. */
import { spawn } from 'node:child_process';
import type { QueuePage } from '../../src/features/moderation/schemas/queue';
import type { TestApi } from './api';
import { sessionCookie, type SignedInOwner } from './owners';
import type { TestMailbox } from './smtp';

export async function signInOperator(api: TestApi, mail: TestMailbox, email: string): Promise<SignedInOwner> {
  const headers = { 'Content-Type': 'application/json', Origin: api.base };
  const asked = await api.post('/api/operator/code', { email }, { headers });
  if (asked.status !== 202) throw new Error(`operator code: ${asked.status} ${await asked.text()}`);
  const signIn = await api.post('/api/owners/sign-in', { email, code: await mail.code(email) }, { headers });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = sessionCookie(signIn);
  return { email, cookie, headers: { ...headers, Cookie: cookie } };
}

/** The console's calls as a browser makes them: one request with the given headers, redirects not followed. */
export function operatorCalls(api: TestApi, defaults: () => Record<string, string>) {
  const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    fetch(api.base + path, {
      method,
      redirect: 'manual',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    call,
    decide: (body: Record<string, unknown>, headers = defaults()) => call('POST', '/api/operator/decisions', headers, body),
    queue: async (name: string, query = '') => (await (await call('GET', `/api/operator/queues/${name}${query}`, defaults())).json()) as QueuePage,
  };
}

/** `npm run <script> -- …` (moderate, import) in a process of its own, without blocking this one, which serves the API. */
export function npmScript(script: string, args: string[], env: Record<string, string>): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { env: { ...process.env, NETLIFY_PURGE_API_TOKEN: '', ...env } });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('close', (status) => resolve({ status, out }));
  });
}

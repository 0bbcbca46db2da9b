/** An owner signed in through the real calls, with the code read from the test SMTP server (tests/helpers/smtp.ts). */
import type { TestApi } from './api';
import type { TestMailbox } from './smtp';

export interface SignedInOwner {
  email: string;
  /** The Cookie header of the session. */
  cookie: string;
  /** Headers for an owner's state-changing call: the session and the site's own Origin. */
  headers: Record<string, string>;
}

/** Asks for a code for `email` (claiming `providerId` when given) and enters it. */
export async function signInOwner(api: TestApi, mail: TestMailbox, origin: string, email: string, providerId?: string): Promise<SignedInOwner> {
  const headers = { 'Content-Type': 'application/json', Origin: origin };
  const asked = await api.post('/api/owners/code', { email, providerId }, { headers });
  if (asked.status !== 202) throw new Error(`code request: ${asked.status} ${await asked.text()}`);
  const signIn = await api.post('/api/owners/sign-in', { email, code: await mail.code(email), providerId }, { headers });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { email, cookie, headers: { ...headers, Cookie: cookie } };
}

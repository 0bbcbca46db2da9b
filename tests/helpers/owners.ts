/** An owner signed in through the real calls, with the code read from the test SMTP server (tests/helpers/smtp.ts). */
import { startApi, type TestApi } from './api';
import { startSmtp, type TestMailbox } from './smtp';

export interface SignedInOwner {
  email: string;
  /** The Cookie header of the session. */
  cookie: string;
  /** Headers for an owner's state-changing call: the session and the site's own Origin. */
  headers: Record<string, string>;
}

/**
 * The API (`startApi`) with a real SMTP server for its mail and SITE_URL set to its origin (the
 * origin owner calls check Origin against); MAIL_FROM and BUILD_HOOK_URL are set before the API
 * starts when given. `stop` closes both and unsets what was set.
 */
export async function startOwnerApi(
  options: { site?: boolean; mailFrom?: string; buildHookUrl?: string } = {},
): Promise<{ api: TestApi; mail: TestMailbox; stop: () => Promise<void> }> {
  const mail = await startSmtp();
  process.env.SMTP_URL = mail.url;
  if (options.mailFrom) process.env.MAIL_FROM = options.mailFrom;
  if (options.buildHookUrl) process.env.BUILD_HOOK_URL = options.buildHookUrl;
  const api = await startApi({ site: options.site });
  process.env.SITE_URL = api.base;
  return {
    api,
    mail,
    async stop() {
      await api.close();
      await mail.close();
      delete process.env.SMTP_URL;
      delete process.env.SITE_URL;
      if (options.mailFrom) delete process.env.MAIL_FROM;
      if (options.buildHookUrl) delete process.env.BUILD_HOOK_URL;
    },
  };
}

/** Asks for a code for `email` (claiming `providerId` when given) and enters it. */
export async function signInOwner(api: TestApi, mail: TestMailbox, origin: string, email: string, providerId?: string): Promise<SignedInOwner> {
  const headers = { 'Content-Type': 'application/json', Origin: origin };
  const asked = await api.post('/api/owners/code', { email, providerId }, { headers });
  if (asked.status !== 202) throw new Error(`code request: ${asked.status} ${await asked.text()}`);
  const signIn = await api.post('/api/owners/sign-in', { email, code: await mail.code(email), providerId }, { headers });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = sessionCookie(signIn);
  return { email, cookie, headers: { ...headers, Cookie: cookie } };
}

/** The Cookie header a sign-in's Set-Cookie headers make. */
export const sessionCookie = (signIn: Response): string =>
  signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** The listing as its owner's dashboard reads it (GET /api/owners/listings/{id}). */
export async function ownerListingOf(api: TestApi, owner: SignedInOwner, providerId: string): Promise<Record<string, unknown>> {
  const res = await api.get(`/api/owners/listings/${providerId}`, { headers: { Cookie: owner.cookie } });
  if (res.status !== 200) throw new Error(`owner listing: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** The PUT /api/owners/listings/{id} body that saves `listing` as it is (tests change one field of it). */
export const editOf = (listing: Record<string, unknown>) => ({
  description: listing.description,
  phone: listing.phone,
  email: listing.email,
  website: listing.website ?? '',
  services: listing.services,
  openingHours: listing.openingHours,
  menu: listing.menu,
  status: listing.status,
  closedUntil: listing.closedUntil,
});

/**
 * A JSON request to the test API from another client address on this machine (127.0.0.2, …: every
 * 127/8 address is local on Linux), as a stranger's network would be: limits count per address.
 */
export async function requestFrom(
  api: TestApi,
  localAddress: string,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const { request } = await import('node:http');
  const url = new URL(path, api.base);
  const text = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, localAddress, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), Origin: api.base, ...headers } },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (data += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: data ? (JSON.parse(data) as Record<string, unknown>) : {} }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

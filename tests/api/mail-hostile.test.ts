/**
 * Glow's mail carries no stranger's words as links (docs/owners.md "Email", docs/mail.md "What mail
 * may quote"). The attack: list a business whose name is a phishing line with a domain, a URL and
 * an address in it, giving a stranger's email, then ask for a claim code for it; the mail that
 * reaches that stranger, read from a real SMTP server, must not carry the name in either part, and
 * every address in it must be Glow's. Then the defanging any other quoted text goes through.
 * Over a file and over sqld.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validListing, type TestApi } from '../helpers/api';
import { startOwnerApi } from '../helpers/owners';
import type { TestMailbox } from '../helpers/smtp';
import { messageOf, unlinkable } from '../../src/features/mail/index.server';

let api: TestApi;
let mail: TestMailbox;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ api, mail, stop } = await startOwnerApi());
});
afterAll(() => stop());

const HOSTILE = 'Free Gift Cards at evil.com https://evil.example/win ana@evil.example www.evil.net';

/** Every URL-like or domain-like run of the plain text, and every href of the HTML. */
function addressesOf(message: { text?: string | false; html?: string | false }) {
  const text = message.text || '';
  const html = message.html || '';
  return {
    urls: [...text.matchAll(/[a-z][a-z0-9+.-]*:\/\/\S+/gi)].map((m) => m[0]),
    hrefs: [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&#38;', '&')),
  };
}

function expectNoStrangerText(message: { text?: string | false; html?: string | false; subject?: string }) {
  for (const part of [message.subject ?? '', message.text || '', message.html || '']) {
    expect(part).not.toMatch(/evil|gift cards/i);
  }
  const { urls, hrefs } = addressesOf(message);
  for (const url of [...urls, ...hrefs]) expect(new URL(url).origin, url).toBe(api.base);
  expect(hrefs.length).toBeGreaterThan(0);
}

describe("a stranger's listing name never reaches another's inbox", () => {
  it('the new listing code, sent to the address its applicant typed, names the listing by its Glow address', async () => {
    const victim = 'front-desk@victim-salon.example.com';
    const res = await api.post('/api/providers', validListing({ name: HOSTILE, email: victim, phone: '(208) 555-0171' }), {
      headers: { 'Content-Type': 'application/json', Origin: api.base },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id, slug } = (await res.json()) as { id: string; slug: string };
    const first = await mail.latest(victim);
    expectNoStrangerText(first);
    expect(first.text).toContain(`${api.base}/provider/${slug}`);

    // A claim code for the same listing, asked for again from its page.
    mail.messages.length = 0;
    const asked = await api.post('/api/owners/code', { email: victim, providerId: id }, { headers: { 'Content-Type': 'application/json', Origin: api.base } });
    expect(asked.status).toBe(202);
    const claim = await mail.latest(victim);
    expectNoStrangerText(claim);
    expect(claim.text).toContain(`claim the listing ${api.base}/provider/${slug} on Glow`);
  });
});

describe('unlinkable: text someone else typed, quoted in mail', () => {
  it('leaves no domain, URL or address a mail client would link, in the plain part or the HTML', () => {
    for (const [typed, quoted] of [
      ['Visit evil.com today', 'Visit evil[.]com today'],
      ['https://evil.example/x?a=1', 'https[:]//evil[.]example/x?a=1'],
      ['ana@evil.example', 'ana[at]evil[.]example'],
      ['www.EVIL.net', 'www[.]EVIL[.]net'],
      ['ｅｖｉｌ．ｃｏｍ', 'evil[.]com'],
      ['evil。com', 'evil[.]com'],
      ['evil.\u200Bcom', 'evil[.]com'],
      ['St. Louis, 4.5 stars.', 'St. Louis, 4[.]5 stars.'],
    ]) {
      expect(unlinkable(typed!), typed).toBe(quoted);
    }
    const message = messageOf('owner@example.com', 'A request', [
      `Message: ${unlinkable('see https://evil.example and evil.com')}`,
      'https://glow.example.com/business',
    ]);
    expect(message.html).not.toMatch(/href="[^"]*evil/);
    expect(message.html).toContain('<a href="https://glow.example.com/business">');
    expect(message.text).not.toMatch(/evil\.(com|example)/);
  });
});

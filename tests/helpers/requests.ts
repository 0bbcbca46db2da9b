/** Time requests through the real calls (docs/requests.md): a shopper's code and request, links read from the mail, calendars parsed. */
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import type { TestApi } from './api';
import { requestFrom } from './owners';
import type { TestMailbox } from './smtp';
import type { RequestOptions } from '../../src/features/requests';

export const json = (origin: string) => ({ 'Content-Type': 'application/json', Origin: origin });

/** The newest message to `to` whose subject matches, waiting for it. */
export async function mailTo(mail: TestMailbox, to: string, subject: RegExp, timeoutMs = 8_000): Promise<ParsedMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = mail.messages
      .filter((m) => [m.to ?? []].flat().some((a) => a.value.some((v) => v.address?.toLowerCase() === to.toLowerCase())) && subject.test(m.subject ?? ''))
      .at(-1);
    if (found) return found;
    if (Date.now() > until) throw new Error(`No mail to ${to} matching ${subject}; got: ${mail.messages.map((m) => m.subject).join(' | ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** How many messages to `to` match. */
export const countMail = (mail: TestMailbox, to: string, subject: RegExp) =>
  mail.messages.filter(
    (m) => [m.to ?? []].flat().some((a) => a.value.some((v) => v.address?.toLowerCase() === to.toLowerCase())) && subject.test(m.subject ?? ''),
  ).length;

/** The token of the link after `label` ("Accept:", "Cancel:") in a message's text. */
export function linkToken(message: ParsedMail, label: string | RegExp): string {
  const lines = (message.text ?? '').split('\n');
  const line = lines.find((l) => (typeof label === 'string' ? l.includes(label) : label.test(l)));
  const token = /\/requests\/respond\?token=([\w-]+)/.exec(line ?? '')?.[1];
  if (!token) throw new Error(`No link after ${label} in:\n${message.text}`);
  return token;
}

/** The calendar attached to a message, parsed with ical.js. */
export function calendarOf(message: ParsedMail) {
  const file = message.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  if (!file) throw new Error(`No calendar in "${message.subject}"`);
  const calendar = new ICAL.Component(ICAL.parse(file.content.toString('utf8')));
  const event = calendar.getFirstSubcomponent('vevent')!;
  const start = event.getFirstProperty('dtstart')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    timezones: calendar.getAllSubcomponents('vtimezone').map((tz) => tz.getFirstPropertyValue('tzid')),
    uid: event.getFirstPropertyValue('uid'),
    status: event.getFirstPropertyValue('status'),
    sequence: Number(event.getFirstPropertyValue('sequence') ?? 0),
    location: event.getFirstPropertyValue('location'),
    tzid: start.getParameter('tzid'),
    start: String(start.getFirstValue()),
  };
}

export interface Window {
  date: string;
  part: 'morning' | 'afternoon' | 'evening' | 'exact';
  time?: string;
}

let nextAddress = 10;
/** Another local client address (127.0.0.x) for each request, unless one is given: limits count per address. */
export const freshAddress = () => `127.0.0.${nextAddress++ % 250}`;

/** Asks for a code and sends a request from `from` (a local address); returns the answer. */
export async function sendRequest(
  api: TestApi,
  mail: TestMailbox,
  body: { providerId: string; service: string; windows: Window[]; name: string; email: string; phone?: string | null; note?: string | null; website?: string },
  { from = freshAddress(), headers = {} as Record<string, string> } = {},
): Promise<Response> {
  const before = countMail(mail, body.email, CODE_SUBJECT);
  const asked = await requestFrom(api, from, 'POST', '/api/requests/code', { providerId: body.providerId, email: body.email }, headers);
  if (asked.status !== 202) return new Response(JSON.stringify(asked.json), { status: asked.status });
  const code = await newCode(mail, body.email, before);
  const sent = await requestFrom(api, from, 'POST', '/api/requests', { ...body, code }, headers);
  return new Response(JSON.stringify(sent.json), { status: sent.status });
}

export const CODE_SUBJECT = /is your Glow code/;

/** The code of the next code message to `email` after `before` of them. */
export async function newCode(mail: TestMailbox, email: string, before: number): Promise<string> {
  const until = Date.now() + 8_000;
  while (countMail(mail, email, CODE_SUBJECT) <= before) {
    if (Date.now() > until) throw new Error(`No new code mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const message = (await mailTo(mail, email, CODE_SUBJECT)).subject ?? '';
  return /\b(\d{6})\b/.exec(message)![1]!;
}

/** Asks for a code (the shopper's) and returns it. */
export async function shopperCode(api: TestApi, mail: TestMailbox, providerId: string, email: string): Promise<string> {
  const before = countMail(mail, email, CODE_SUBJECT);
  const asked = await api.post('/api/requests/code', { providerId, email }, { headers: json(api.base) });
  if (asked.status !== 202) throw new Error(`code: ${asked.status} ${await asked.text()}`);
  return newCode(mail, email, before);
}

/**
 * A request a business would report as spam: the listing's first service on its fifth open day,
 * with a gift-card note, from `email` (and a local address of its own unless one is given).
 * Needs only the API's origin, so the browser tests use it against their server too.
 */
export async function sendSpamRequest(api: Pick<TestApi, 'base'>, mail: TestMailbox, providerId: string, email: string, from?: string): Promise<Response> {
  const options = (await (await fetch(new URL(`/api/providers/${providerId}/request-options`, api.base))).json()) as RequestOptions;
  return sendRequest(
    api as TestApi,
    mail,
    {
      providerId,
      service: options.services[0]!,
      windows: [{ date: options.openDates[4]!, part: 'evening' }],
      name: 'Gift Card Desk',
      email,
      note: 'Claim your free gift card at gifts dot example dot net',
    },
    from ? { from } : {},
  );
}

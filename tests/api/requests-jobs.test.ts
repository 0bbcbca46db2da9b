/**
 * Time requests' limits and scheduled work (docs/requests.md), over a file and over sqld, with a
 * real SMTP server: the code, per-email and per-address limits, the honeypot, closed and far days;
 * links past 72 hours; expiry after 48 hours with the phone number; reminders 24 hours ahead sent
 * once however often the job runs (a clock the test sets); deletion of the shopper's details 90
 * days after; reply time; and the SMTP server stopped mid-loop, the mail going out once it is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type TestApi } from '../helpers/api';
import { requestFrom, type SignedInOwner, signInOwner, startOwnerApi } from '../helpers/owners';
import { startSmtp, type TestMailbox } from '../helpers/smtp';
import { countMail, freshAddress, json, linkToken, mailTo, sendRequest, shopperCode, type Window } from '../helpers/requests';
import { addDays, type RequestOptions } from '../../src/features/requests';
import { daytimeHours, deletePersonalData, LIMIT_MESSAGES, runHourly, sendReminders } from '../../src/features/requests/index.server';
import { deliverOutbox, pendingMail } from '../../src/features/mail/index.server';
import requestsHourly, { config as hourlyConfig } from '../../functions/requests-hourly.mts';
import { scheduleIntervalMs } from '../../src/local-server/schedules';

let api: TestApi;
let mail: TestMailbox;
let stop: (() => Promise<void>) | undefined;
let owner: SignedInOwner;
let mine: { id: string; name: string; email: string; slug: string };
let options: RequestOptions;

beforeAll(async () => {
  ({ api, mail, stop } = await startOwnerApi());
  const row = await api.database.db
    .selectFrom('providers')
    .select(['id', 'name', 'email', 'slug'])
    .where('email', 'is not', null)
    .where('vetted_at', 'is not', null)
    .where('openingHours', 'like', '%Closed%')
    .orderBy('slug')
    .executeTakeFirstOrThrow();
  mine = row as typeof mine;
  owner = await signInOwner(api, mail, api.base, mine.email, mine.id);
  options = (await (await api.get(`/api/providers/${mine.id}/request-options`)).json()) as RequestOptions;
});
afterAll(async () => {
  await stop?.();
  // The SMTP server the outage test started again.
  if (restarted) await restarted.close();
});
let restarted: TestMailbox | undefined;

const windows = (): Window[] => [{ date: options.openDates[3]!, part: 'morning' }];
const body = (email: string, extra: Record<string, unknown> = {}) => ({
  providerId: mine.id,
  service: options.services[0]!,
  windows: windows(),
  name: 'Robin Example',
  email,
  ...extra,
});
const ask = (email: string, extra: Record<string, unknown> = {}, from?: string) => sendRequest(api, mail, body(email, extra), from ? { from } : {});
const created = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
};
const stateOf = async (id: string) => await api.database.db.selectFrom('requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const use = (token: string) => api.post('/api/requests/action', { token }, { headers: json(api.base) });

describe('what a request must pass', () => {
  it('needs the right code, once; a wrong one is refused with the sign-in words', async () => {
    const from = freshAddress();
    const code = await shopperCode(api, mail, mine.id, 'code@example.com');
    const wrong = await requestFrom(api, from, 'POST', '/api/requests', { ...body('code@example.com'), code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.json)).toContain('That code is not right');
    const right = await requestFrom(api, from, 'POST', '/api/requests', { ...body('code@example.com'), code });
    expect(right.status).toBe(201);
    const again = await requestFrom(api, from, 'POST', '/api/requests', { ...body('code@example.com'), code });
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.json)).toContain('already used');
  });

  it('refuses a filled honeypot, a closed day, a day past 60 and another Origin, storing nothing', async () => {
    const before = (await api.database.db.selectFrom('requests').select('id').execute()).length;
    const honeypot = await ask('bot@example.com', { website: 'http://spam.example.com' });
    expect(honeypot.status).toBe(400);
    const today = options.openDates[0]!;
    const closed = Array.from({ length: 14 }, (_, i) => addDays(today, i)).find((d) => !options.openDates.includes(d))!;
    const closedDay = await ask('closed@example.com', { windows: [{ date: closed, part: 'morning' }] });
    expect(closedDay.status).toBe(400);
    expect((await errorOf(closedDay)).issues[0]?.path).toBe('windows.0.date');
    const far = await ask('far@example.com', { windows: [{ date: addDays(today, 61), part: 'morning' }] });
    expect(far.status).toBe(400);
    const foreign = await sendRequest(api, mail, body('foreign@example.com'), { headers: { Origin: 'https://evil.example.com' } });
    expect(foreign.status).toBe(403);
    expect((await api.database.db.selectFrom('requests').select('id').execute()).length).toBe(before);
  });

  it('takes 3 a day from one email address, and 3 a day from one client address', async () => {
    for (let i = 0; i < 3; i++) await created(await ask('often@example.com'));
    const fourth = await ask('often@example.com');
    expect(fourth.status).toBe(429);
    expect((await errorOf(fourth)).error).toBe(LIMIT_MESSAGES.email);
    const from = freshAddress();
    for (let i = 0; i < 3; i++) await created(await ask(`net${i}@example.com`, {}, from));
    const fromNetwork = await ask('net9@example.com', {}, from);
    expect(fromNetwork.status).toBe(429);
    expect((await errorOf(fromNetwork)).error).toBe(LIMIT_MESSAGES.address);
  });
});

describe('links and clocks', () => {
  it('a link past its 72 hours changes nothing and shows the current state', async () => {
    const id = await created(await ask('late-link@example.com'));
    const toOwner = (await mailTo(mail, mine.email, /^Time request:/)).text ?? '';
    expect(toOwner).toContain('72 hours');
    const token = linkToken(await mailTo(mail, 'late-link@example.com', /^Your request to/), 'Cancel the request:');
    await api.database.db
      .updateTable('request_tokens')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('requestId', '=', id)
      .execute();
    expect(await (await use(token)).json()).toMatchObject({ changed: false, request: { state: 'requested' } });
    expect((await stateOf(id)).state).toBe('requested');
  });

  it('expires a request unanswered for 48 hours; the shopper is told, with the phone number', async () => {
    const id = await created(await ask('unanswered@example.com'));
    const row = await stateOf(id);
    await runHourly(api.database, new Date(new Date(row.expiresAt).getTime() - 60_000));
    expect((await stateOf(id)).state).toBe('requested');
    const at = new Date(new Date(row.expiresAt).getTime() + 60_000);
    await runHourly(api.database, at);
    expect((await stateOf(id)).state).toBe('expired');
    await deliverOutbox(api.database, at);
    const told = await mailTo(mail, 'unanswered@example.com', /^No answer from/);
    expect(told.text).toContain(options.phone);
    const cancel = linkToken(await mailTo(mail, 'unanswered@example.com', /^Your request to/), 'Cancel the request:');
    expect(await (await use(cancel)).json()).toMatchObject({ changed: false, request: { state: 'expired', phone: options.phone } });
  });

  it('sends the reminder 24 hours ahead once to each side, however often and however concurrently the job runs', async () => {
    const id = await created(await ask('remind@example.com'));
    const res = await api.post(`/api/owners/requests/${id}`, { action: 'accept', windowIndex: 0 }, { headers: owner.headers });
    expect(res.status).toBe(200);
    const start = new Date((await stateOf(id)).acceptedStart!).getTime();
    // 26 hours ahead: not yet.
    expect(await sendReminders(api.database, new Date(start - 26 * 3_600_000))).toBe(0);
    const at = new Date(start - 24 * 3_600_000 + 20 * 60_000);
    const runs = await Promise.all([sendReminders(api.database, at), sendReminders(api.database, at), runHourly(api.database, at)]);
    expect(runs[0] + runs[1] + runs[2].reminded).toBe(1);
    expect(await sendReminders(api.database, new Date(at.getTime() + 3_600_000))).toBe(0);
    await deliverOutbox(api.database, new Date(at.getTime() + 3_600_000));
    await mailTo(mail, 'remind@example.com', /^Reminder:/);
    await mailTo(mail, mine.email, /^Reminder:/);
    expect(countMail(mail, 'remind@example.com', /^Reminder:/)).toBe(1);
    const reminders = await api.database.db
      .selectFrom('mail_outbox')
      .select('recipient')
      .where('kind', 'in', ['request-reminder', 'request-reminder-owner'])
      .where('dedupeKey', 'like', `request-reminder:${id}:%`)
      .execute();
    expect(reminders).toHaveLength(2);
  });

  it('deletes the shopper’s name, email, phone and note 90 days after the request’s last date, and nothing sooner', async () => {
    const id = await created(await ask('forget@example.com', { phone: '212-555-0101', note: 'Please forget me' }));
    const last = (await stateOf(id)).lastDate;
    await deletePersonalData(api.database, new Date(`${addDays(last, 90)}T12:00:00Z`));
    expect((await stateOf(id)).email).toBe('forget@example.com');
    expect(await deletePersonalData(api.database, new Date(`${addDays(last, 92)}T12:00:00Z`))).toBeGreaterThan(0);
    const row = await stateOf(id);
    expect(row).toMatchObject({ name: null, email: null, phone: null, note: null, service: options.services[0] });
    expect(row.personalDeletedAt).not.toBeNull();
    const list = (await (await api.get(`/api/owners/requests?listing=${mine.id}`, { headers: { Cookie: owner.cookie } })).json()) as {
      items: { id: string; shopper: unknown }[];
    };
    expect(list.items.find((i) => i.id === id)?.shopper).toEqual({ name: null, email: null, phone: null, note: null });
  });

  it('is an hourly scheduled function, which `npm start` runs on its timer too', async () => {
    expect(hourlyConfig.schedule).toBe('@hourly');
    expect(scheduleIntervalMs(hourlyConfig.schedule!)).toBe(3_600_000);
    expect((await requestsHourly()).status).toBe(204);
  });
});

describe('reply time', () => {
  it('counts only daytime hours on the listing’s clock', () => {
    const tz = 'America/Chicago';
    // 19:00 to 09:00 next day in Chicago (01:00Z to 15:00Z): one hour before 20:00 and one after 08:00.
    expect(daytimeHours(new Date('2026-06-02T00:00:00Z'), new Date('2026-06-02T14:00:00Z'), tz)).toBeCloseTo(2, 5);
  });

  it('shows the median and the reply rate once 3 requests were answered or expired, on the page’s API and to the owner', async () => {
    const listing = await api.database.db
      .selectFrom('request_settings')
      .select(['replyMedianHours', 'replyRequests'])
      .where('providerId', '=', mine.id)
      .executeTakeFirstOrThrow();
    // Earlier tests answered one and expired several: enough figures by now.
    expect(listing.replyRequests).toBeGreaterThanOrEqual(3);
    const page = (await (await api.get(`/api/providers/by-slug/${mine.slug}`)).json()) as {
      replyTime: { medianHours: number; replyRate: number; requests: number } | null;
    };
    expect(page.replyTime).not.toBeNull();
    expect(page.replyTime!.replyRate).toBeGreaterThan(0);
    expect(page.replyTime!.replyRate).toBeLessThan(1);
    const mineList = (await (await api.get(`/api/owners/requests?listing=${mine.id}`, { headers: { Cookie: owner.cookie } })).json()) as { replyTime: unknown };
    expect(mineList.replyTime).toEqual(page.replyTime);
  });
});

describe('mail that is never lost', () => {
  it('with the SMTP server stopped, a request is taken and answered; the mail goes out when it is back', async () => {
    const from = freshAddress();
    const code = await shopperCode(api, mail, mine.id, 'outage@example.com');
    const port = mail.port;
    await mail.close();
    const sent = await requestFrom(api, from, 'POST', '/api/requests', { ...body('outage@example.com'), code });
    expect(sent.status).toBe(201);
    const id = String(sent.json.id);
    const accepted = await api.post(`/api/owners/requests/${id}`, { action: 'accept', windowIndex: 0 }, { headers: owner.headers });
    expect(accepted.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await pendingMail(api.database)).toBeGreaterThanOrEqual(4);
    mail = restarted = await startSmtp(port);
    // The worker's next runs, minutes later (its backoff).
    for (let minutes = 2; (await pendingMail(api.database)) > 0 && minutes < 60; minutes += 5)
      await deliverOutbox(api.database, new Date(Date.now() + minutes * 60_000));
    expect(await pendingMail(api.database)).toBe(0);
    await mailTo(mail, mine.email, /^Time request:/);
    await mailTo(mail, 'outage@example.com', /^Your request to/);
    await mailTo(mail, 'outage@example.com', /^Confirmed:/);
    await mailTo(mail, mine.email, /^Confirmed:/);
  });
});

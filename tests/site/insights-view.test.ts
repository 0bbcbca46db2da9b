/**
 * The Insights view (/business/insights/{id}, docs/insights.md "The view") as `npm start` renders
 * it, over a libSQL file and over sqld: for the listing's owner only (401 without a session, 403 for
 * another account), never cached or indexed; totals with their change in words, the chart as SVG
 * with a title and description, every day in a table, the CSV link. And the unsubscribe page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../helpers/api';
import { type SignedInOwner, signInOwner, startOwnerApi } from '../helpers/owners';
import type { TestMailbox } from '../helpers/smtp';

let api: TestApi;
let mail: TestMailbox;
let stop: (() => Promise<void>) | undefined;
let owner: SignedInOwner;
let stranger: SignedInOwner;
let listing: { id: string; name: string; email: string };

beforeAll(async () => {
  ({ api, mail, stop } = await startOwnerApi({ site: true }));
  const rows = await api.database.db.selectFrom('providers').select(['id', 'name', 'email']).where('email', 'is not', null).orderBy('seq').limit(2).execute();
  listing = rows[0] as typeof listing;
  owner = await signInOwner(api, mail, api.base, listing.email, listing.id);
  stranger = await signInOwner(api, mail, api.base, rows[1]!.email!, rows[1]!.id);
  for (const [event, ua] of [
    ['view', 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0'],
    ['view', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'],
    ['call', 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0'],
  ] as const) {
    await fetch(`${api.base}/api/insights/beacon`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: api.base, 'User-Agent': ua },
      body: new URLSearchParams({ event, listing: listing.id }),
    });
  }
});
afterAll(async () => {
  await stop?.();
});

const view = (cookie?: string, query = '') => api.get(`/business/insights/${listing.id}${query}`, cookie ? { headers: { Cookie: cookie } } : {});

describe('the Insights view', () => {
  it('answers 401 without a session and 403 to another owner, showing no figure', async () => {
    const anonymous = await view();
    expect(anonymous.status).toBe(401);
    const text = await anonymous.text();
    expect(text).toMatch(/Sign in to see your listing(’|&rsquo;)s insights\./);
    expect(text).not.toContain('Profile views');
    const other = await view(stranger.cookie);
    expect(other.status).toBe(403);
    const otherText = await other.text();
    expect(otherText).toContain('This listing is managed by another account.');
    expect(otherText).not.toContain('Profile views');
  });

  it('shows its owner the totals, their change, the chart and its table, uncached and unindexed', async () => {
    const res = await view(owner.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const html = await res.text();
    expect(html).toContain(`Insights for ${listing.name.replace(/&/g, '&amp;')}`);
    const row = (key: string) => new RegExp(`<tr[^>]*data-measure="${key}"[^>]*>[\\s\\S]*?</tr>`).exec(html)![0].replace(/<[^>]+>/g, '|');
    expect(row('view')).toMatch(/Profile views\|+2\|+0\|+\+2 \(new\)/);
    expect(row('call')).toMatch(/Calls\|+1\|+0\|+\+1 \(new\)/);
    expect(row('website')).toMatch(/Website clicks\|+0\|+0\|+no change/);
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="insights-svg-title insights-svg-desc"/);
    expect(html).toContain('<title id="insights-svg-title">Profile views per day</title>');
    expect(html).toContain('Profile views: 2 in the last 30 days (bars), 0 in the 30 days before (dashed line).');
    expect((html.match(/<rect [^>]*><title>/g) ?? []).length).toBe(30);
    expect(html).toContain(`href="/api/owners/listings/${listing.id}/insights?format=csv"`);
  });

  it('charts the measure asked for', async () => {
    const html = await (await view(owner.cookie, '?measure=call')).text();
    expect(html).toContain('<title id="insights-svg-title">Calls per day</title>');
    expect(html).toMatch(/aria-current="page"[^>]*>Calls</);
  });
});

describe('the unsubscribe page', () => {
  it('changes nothing when opened, and says it is done after its button', async () => {
    const opened = await (await api.get('/business/unsubscribe?u=someone&t=proof')).text();
    expect(opened).toContain('Stop the monthly email</button>');
    expect(opened).toContain('action="/api/insights/unsubscribe?u=someone&amp;t=proof&amp;from=page"');
    expect(await (await api.get('/business/unsubscribe?done=1')).text()).toContain('Done: you will get no more monthly summaries.');
    expect(await (await api.get('/business/unsubscribe')).text()).toContain('This link is incomplete.');
  });
});

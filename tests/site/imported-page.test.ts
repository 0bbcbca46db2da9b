/**
 * An imported listing's page and /data-sources (docs/imports.md "Licences"), as `npm start` serves
 * them after `npm run import -- FILE --apply`: the page names its source, links the attribution and
 * invites its business to claim it; it is not indexed until its batch is approved; /data-sources
 * carries Overture's attribution, Foursquare's NOTICE and the licence texts. Needs a build.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from '../helpers/api';
import { approveBatch, runImport } from '../../src/features/imports/index.server';

let api: TestApi;
let batchId: string;

beforeAll(async () => {
  api = await startApi({ site: true });
  const report = await runImport(api.database, join(process.cwd(), 'tests/fixtures/overture/places.geojsonseq'), { actor: 'ops-jordan', apply: true });
  batchId = report.batchId!;
});
afterAll(async () => {
  await api?.close();
});

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('an imported listing’s page', () => {
  it('names its source, invites a claim, and is indexed only once its batch is approved', async () => {
    const res = await api.get('/provider/wicker-park-hair-parlor');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(text(html)).toContain('Unclaimed: is this your business? Claim it');
    expect(text(html)).toContain('Listed from open data: Foursquare Open Source Places, through Overture Maps Foundation.');
    expect(html).toMatch(/<a href="\/data-sources"[^>]*>Data sources and licences<\/a>/);
    expect(html).toMatch(/<button type="button" data-open-business="true" data-claim="[0-9a-f-]{36}" data-name="Wicker Park Hair Parlor"/);
    expect(html).toContain('<meta name="robots" content="noindex, follow"');
    // Open data has no hours: the badge and the hours card say nobody has confirmed them, and no price line.
    expect(text(html)).toMatch(/Opening Hours Hours not confirmed ?\. Call ahead before you visit\./);
    expect(html).toMatch(/<span class="[^"]*rounded-full[^"]*">Hours not confirmed<\/span>/);
    expect(text(html)).not.toContain('Hours not provided');
    expect(text(html)).not.toContain('Price range:');
    // A listing Glow's own users made says nothing of the kind.
    const own = text(await (await api.get('/provider/hudson-polish-bar-new-york')).text());
    expect(own).not.toContain('Listed from open data');
    expect(own).not.toContain('Hours not confirmed');

    await approveBatch(api.database, batchId, 'ops-jordan');
    const approved = await (await api.get('/provider/wicker-park-hair-parlor')).text();
    expect(approved).not.toContain('noindex');
    expect(text(approved)).toContain('Unclaimed: is this your business? Claim it');
  });
});

describe('/data-sources', () => {
  it('carries the attribution, the NOTICE and the licence texts', async () => {
    const res = await api.get('/data-sources');
    expect(res.status).toBe(200);
    const page = text(await res.text());
    expect(page).toContain('Data sources and licences');
    expect(page).toContain('© Overture Maps Foundation and its contributors');
    expect(page).toContain('NOTICE for Foursquare Open Source Places');
    expect(page).toContain('This product includes data from Foursquare Open Source Places');
    expect(page).toContain('This is the Community Data License Agreement - Permissive, Version 2.0');
    expect(page).toContain('TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION');
    expect(page).toContain('OpenStreetMap');
  });
});

/**
 * migrations/0043 (docs/owners.md "Unknown hours and price"): listings the form made with its
 * stand-in week and "$$" read as unknown afterwards, unless an owner set the hours; seeded listings
 * keep theirs; open now no longer finds the corrected ones, and every search copy stays true.
 */
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InStatement } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, getDb } from '../../src/db/client';
import { MIGRATIONS_DIR, migrate } from '../../src/db/migrate';
import { insertProviderStatements, type NewProvider } from '../../src/features/listings/newListing.server';
import { describeBusiness } from '../../src/features/providers/schemas/businessApplication';
import { exampleOpeningHours } from '../../src/openapi/examples';
import { copyDrift } from '../helpers/copies';
import { tempDatabaseUrl } from '../helpers/api';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * Today's writer as it wrote before facets existed: the schema before 0043 has no `facets` on
 * providers (migrations/0046) or on category rows (migrations/0082), which the later migrations
 * add and fill; the copies are then checked against today's writer (copyDrift).
 */
const beforeFacets = (s: InStatement): InStatement => (typeof s === 'string' ? s : { ...s, sql: s.sql.replace(/, (p\.)?facets\b/g, '') });

/** The stand-in week every form listing got before 0043. */
const STAND_IN = JSON.stringify(exampleOpeningHours);

describe('0043: the form’s stand-in hours and price become unknown', () => {
  it('corrects form listings only, keeps owner-set hours, and leaves the copies true', async () => {
    const { url, dir } = tempDatabaseUrl();
    dirs.push(dir);
    // The migrations before 0043, applied to a database that then holds listings of every kind.
    const before = mkdtempSync(join(tmpdir(), 'glow-migrations-'));
    dirs.push(before);
    for (const file of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && f < '0043')) symlinkSync(join(MIGRATIONS_DIR, file), join(before, file));
    const database = await getDb(url);
    try {
      await migrate(database, before);
      const row = (id: string, fields: Partial<NewProvider>): NewProvider =>
        ({
          id,
          name: `Listing ${id}`,
          slug: id,
          description: describeBusiness(`Listing ${id}`, 'Boise', 'ID', ['Manicure']),
          address: `1 ${id} St`,
          city: 'Boise',
          state: 'ID',
          zipCode: '83702',
          phone: '(208) 555-0100',
          email: `${id}@example.com`,
          website: null,
          services: JSON.stringify(['Manicure']),
          isPromoted: 0,
          isOpen: 1,
          priceRange: '$$',
          openingHours: STAND_IN,
          imageUrl: null,
          menu: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          vetted_at: null,
          vetted_by: null,
          ...fields,
        }) as NewProvider;
      const rows = [
        row('form-new', {}),
        row('form-claimed', { vetted_at: '2026-01-02T00:00:00.000Z', vetted_by: 'owner' }),
        row('form-owner-hours', { vetted_at: '2026-01-02T00:00:00.000Z', vetted_by: 'owner' }),
        row('form-before-0015', { vetted_at: '2025-01-01T00:00:00.000Z', vetted_by: 'existing' }),
        row('seeded', { vetted_at: '2025-01-01T00:00:00.000Z', vetted_by: 'seed', description: 'A seeded salon of our own words.' }),
        row('seeded-priced', { vetted_at: '2025-01-01T00:00:00.000Z', vetted_by: 'seed', description: 'Another.', priceRange: '$$$' }),
      ];
      for (const r of rows) await database.client.batch(insertProviderStatements(database, r).map(beforeFacets), 'write');
      // An owner once set form-owner-hours' hours (to the same week, as it happens): an audit row says so.
      await database.client.execute({
        sql: `INSERT INTO owner_audit (id, providerId, action, actor, before, after, createdAt) VALUES ('a1', 'form-owner-hours', 'edit', 'o@example.com', ?, ?, '2026-01-03T00:00:00Z')`,
        args: [JSON.stringify({ openingHours: '{}' }), JSON.stringify({ openingHours: STAND_IN })],
      });
      const hoursRows = async (id: string) =>
        Number(
          (
            await database.client.execute({
              sql: 'SELECT count(*) AS n FROM provider_hours h JOIN providers p ON p.seq = h.providerSeq WHERE p.id = ?',
              args: [id],
            })
          ).rows[0]!.n,
        );
      expect(await hoursRows('form-new')).toBe(6);

      expect(await migrate(database)).toContain('0043_unknown_hours_price.sql');

      const after = Object.fromEntries(
        (await database.client.execute('SELECT id, openingHours, priceRange, priceRangeKnown FROM providers')).rows.map((r) => [
          String(r.id),
          { hours: String(r.openingHours), price: Number(r.priceRangeKnown) ? String(r.priceRange) : '' },
        ]),
      );
      expect(after).toEqual({
        'form-new': { hours: '{}', price: '' },
        'form-claimed': { hours: '{}', price: '' },
        'form-owner-hours': { hours: STAND_IN, price: '' },
        'form-before-0015': { hours: '{}', price: '' },
        seeded: { hours: STAND_IN, price: '$$' },
        'seeded-priced': { hours: STAND_IN, price: '$$$' },
      });
      // Open now is answered from the hours rows: the corrected listings have none left.
      expect(await hoursRows('form-new')).toBe(0);
      expect(await hoursRows('form-owner-hours')).toBe(6);
      expect(await hoursRows('seeded')).toBe(6);
      expect(await copyDrift(database)).toEqual([]);
    } finally {
      await closeDb(url);
    }
  });
});

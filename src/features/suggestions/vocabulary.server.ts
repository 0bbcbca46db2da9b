/**
 * The vocabulary of the data (table search_terms, migrations/0009): what spelling correction and
 * suggestions choose from. Written with each provider, in the same batch (src/features/providers/providers.server.ts).
 */
import type { InStatement } from '@libsql/client';
import { parseServices } from '../providers/providerFields';
import { searchWords } from '../search/searchText';

export type TermKind = 'word' | 'service' | 'city';

/** Shorter words are left out of `word`: a typo in two letters cannot be told from another word. */
export const MIN_WORD_LENGTH = 3;

/** The [kind, term, label] rows a provider adds, each once. */
export function providerTerms(p: { name: string; description: string | null; services: string; city: string; state: string }): [TermKind, string, string][] {
  const services = parseServices(p.services);
  const words = new Set(searchWords([p.name, p.description ?? '', services.join(' '), p.city].join(' ')).filter((w) => w.length >= MIN_WORD_LENGTH));
  return [
    ...[...words].map((w): [TermKind, string, string] => ['word', w, w]),
    ...[...new Set(services)].map((s): [TermKind, string, string] => ['service', s.toLowerCase(), s]),
    ['city', p.city.toLowerCase(), `${p.city}, ${p.state}`],
  ];
}

/** One statement counting a provider's terms in (one row per term, n = providers having it). */
export function addTermsStatement(p: Parameters<typeof providerTerms>[0]): InStatement {
  return {
    sql: `INSERT INTO search_terms (kind, term, label, n)
          SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), 1 FROM json_each(?) WHERE true
          ON CONFLICT (kind, term, label) DO UPDATE SET n = n + 1`,
    args: [JSON.stringify(providerTerms(p))],
  };
}

/** Statements counting a provider's terms out (a listing moderators hid): a term no provider has any more is deleted. */
export function removeTermsStatements(p: Parameters<typeof providerTerms>[0]): InStatement[] {
  const terms = JSON.stringify(providerTerms(p));
  const match = `(kind, term, label) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(?))`;
  return [
    { sql: `UPDATE search_terms SET n = n - 1 WHERE ${match}`, args: [terms] },
    { sql: `DELETE FROM search_terms WHERE n <= 0 AND ${match}`, args: [terms] },
  ];
}

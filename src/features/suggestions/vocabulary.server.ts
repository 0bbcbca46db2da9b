/**
 * The vocabulary of the data (table search_terms, migrations/0009): what spelling correction and
 * suggestions choose from. Written with each provider, in the same batch (src/features/providers/providers.server.ts).
 * Only vetted listings count in, and of a vetted listing only the services in `vocabServices`
 * (all when null): an owner's new service name waits for an operator (docs/owners.md "Which
 * listings are vetted", src/features/suggestions/serviceRequests.server.ts).
 */
import type { InStatement } from '@libsql/client';
import type { Db } from '../../db/client';
import { parseServices } from '../providers';
import { searchWords } from '../../lib/words';
import { cityLabel } from '../places';

/**
 * `word`: words of the name, description, services and city; `service`: whole service names;
 * `serviceWord`: words of the services alone, what a long word of a `service` search may stand for
 * in the services column (src/features/search/textMatch.server.ts, migrations/0039); `city`.
 */
export type TermKind = 'word' | 'service' | 'serviceWord' | 'city';

/** Shorter words are left out of `word`: a typo in two letters cannot be told from another word. */
export const MIN_WORD_LENGTH = 3;

/** What a provider's vocabulary is made of: `vocabServices`, when set, the services it counts (JSON). */
export interface TermSource {
  name: string;
  description: string | null;
  services: string;
  vocabServices?: string | null;
  city: string;
  state: string;
}

/** The services a provider counts in the vocabulary. */
export const vocabularyServices = (p: Pick<TermSource, 'services' | 'vocabServices'>): string[] => parseServices(p.vocabServices ?? p.services);

/** The [kind, term, label] rows a provider adds, each once. */
export function providerTerms(p: TermSource): [TermKind, string, string][] {
  const services = vocabularyServices(p);
  const long = (text: string) => new Set(searchWords(text).filter((w) => w.length >= MIN_WORD_LENGTH));
  const words = long([p.name, p.description ?? '', services.join(' '), p.city].join(' '));
  return [
    ...[...words].map((w): [TermKind, string, string] => ['word', w, w]),
    ...[...long(services.join(' '))].map((w): [TermKind, string, string] => ['serviceWord', w, w]),
    ...[...new Set(services)].map((s): [TermKind, string, string] => ['service', s.toLowerCase(), s]),
    ['city', p.city.toLowerCase(), cityLabel(p.city, p.state)],
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

/**
 * Service words for a file whose vocabulary predates them (migrations/0039): the words of every
 * service name counted in, each with the sum of their counts (a provider with two services sharing a
 * word counts twice, so a word is never removed while a provider still has it). Does nothing once
 * any service word is stored.
 */
export async function addServiceWords({ client }: Db): Promise<number> {
  const stored = await client.execute("SELECT 1 FROM search_terms WHERE kind = 'serviceWord' LIMIT 1");
  if (stored.rows.length) return 0;
  const { rows } = await client.execute("SELECT term, n FROM search_terms WHERE kind = 'service'");
  const counts = new Map<string, number>();
  for (const row of rows)
    for (const word of new Set(searchWords(String(row.term)).filter((w) => w.length >= MIN_WORD_LENGTH)))
      counts.set(word, (counts.get(word) ?? 0) + Number(row.n));
  if (!counts.size) return 0;
  await client.execute({
    sql: `INSERT INTO search_terms (kind, term, label, n)
          SELECT 'serviceWord', json_extract(value, '$[0]'), json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?) WHERE true
          ON CONFLICT (kind, term, label) DO UPDATE SET n = n + excluded.n`,
    args: [JSON.stringify([...counts])],
  });
  return counts.size;
}

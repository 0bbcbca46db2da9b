/**
 * One search request, parsed once at the top (docs/search.md "How a search runs"): its parameters,
 * its moment, its location read once (places `locate`: the gazetteer's place and the place as the
 * conditions read it) and what it reads as it runs (requestReads.server.ts). Everything below takes
 * this object; nothing is kept in a module for the request.
 */
import type { Db } from '../../db/client';
import { batchedReads } from '../../db/batchedReads';
import { searchWords } from '../../lib/words';
import { locate, type Located } from '../places/index.server';
import type { SearchParams } from './schemas/search';
import type { Filters, Resolved } from './searchTypes.server';
import { requestReads, type RequestReads } from './requestReads.server';
import { tokenSharesRead, type TokenShares } from './tokenShares.server';

/** What a search did, for the response's Server-Timing header and the plan tests. */
export interface SearchTrace {
  /** The plan that ran ("place", "order:walk"…), or "none" when nothing could match. */
  plan?: string;
}

/** A search's parameters as one search reads them: its filters and its page. */
export type SearchInput = Filters & Pick<SearchParams, 'limit' | 'offset'>;

/**
 * A request, and each search it makes: a place's own search, each of its rings and a spelling's
 * correction are searches of the one request with their own `params` (`{ ...q, params }`), sharing
 * its reads.
 */
export interface SearchRequest<P extends Filters = SearchParams> {
  /** The database; over the network, the reads made side by side go out as one request (src/db/batchedReads.ts). */
  database: Db;
  params: P;
  /** The request's moment: open now and closures are read at it. */
  now: Date;
  /** Filled with what the request did. */
  trace: SearchTrace;
  /** The words of `query` (lib/words.ts `searchWords`), read once: the spelling path asks about each. */
  words: readonly string[];
  /** The location read once; undefined without one. */
  located: Located | undefined;
  /** What the request read already: its searches (a place's own, its rings, a correction) share it. */
  reads: RequestReads;
  /**
   * The directory's sample (tokenShares.server.ts) when this process had it read as the request came:
   * what the request's first round trip chooses by it (textFacts.server.ts `earlyTokens`) cannot wait for it.
   */
  sample?: TokenShares;
  /**
   * Told what the search knows of its matches before its plan reads its page (`Told`): a place's
   * rings are read beside its own page when its own cannot fill it (rings.server.ts `readsAhead`).
   */
  tell?: (told: Told) => void;
}

/**
 * What a search knows of its matches before its plan reads its page: what it resolved (its counts:
 * the open-now list's total), the most matches it can have (text-listed's list, filter-listed's
 * rows: `checked` when its words are checked on them), or how many it has when the plan counted
 * them exactly (a count that listed them, or a ZIP code's alone).
 */
export type Told = { resolved: Resolved } | { most: number; checked?: true } | { counted: number };

/** A request made for one search (its location read by the search itself): the site's own searches, the tests. */
export const requestOf = <P extends Filters>(
  database: Db,
  params: P,
  now = new Date(),
  { trace = {}, reads = requestReads() }: { trace?: SearchTrace; reads?: RequestReads } = {},
): SearchRequest<P> => ({ database, params, now, trace, words: searchWords(params.query ?? ''), located: undefined, reads });

/** The request of GET /api/search: the location read before anything else. */
export async function searchRequest(over: Db, params: SearchParams, now: Date, trace: SearchTrace): Promise<SearchRequest> {
  const database = batchedReads(over);
  const sample = tokenSharesRead(database);
  return {
    database,
    params,
    now,
    trace,
    words: searchWords(params.query ?? ''),
    located: await locate(database, params),
    reads: requestReads(),
    ...(sample ? { sample } : {}),
  };
}

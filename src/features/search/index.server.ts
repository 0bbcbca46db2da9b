/** The search feature's entrance for other modules: its server-only modules (docs/architecture.md "Floors"). */
export * from './backfill.server';
export * from './indexes.server';
export * from './nearPlace.server';
export * from './search.server';
export * from './textIndex.server';
export * from './searchCache.server';

/** The facets feature's entrance for other modules: its zod schemas (docs/architecture.md "Floors"). */
export * from './facets';

/** The search feature's entrance for other modules: its zod schemas (docs/architecture.md "Floors"). */
export * from './search';

/** The contact feature's entrance for other modules: its zod schemas (docs/architecture.md "Floors"). */
export * from './contact';

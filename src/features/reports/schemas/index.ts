/** The reports feature's entrance for other modules: its zod schemas (docs/architecture.md "Floors"). */
export * from './report';

/** The insights feature's entrance for other modules: its zod schemas (docs/architecture.md "Floors"). */
export * from './beacon';
export * from './mail';
export * from './report';

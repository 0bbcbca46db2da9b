/** The reviews feature's entrance for other modules: its zod schemas (docs/architecture.md "Floors"). */
export * from './review';
export * from './reviewList';
export * from './reviewReport';

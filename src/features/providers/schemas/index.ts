/** The providers feature's entrance for other modules: its zod schemas (docs/architecture.md "Floors"). */
export * from './businessApplication';
export * from './menu';
export * from './provider';

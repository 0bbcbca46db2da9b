/** The moderation feature's entrance for other modules: its zod schemas (docs/architecture.md "Floors"). */
export * from './queue';

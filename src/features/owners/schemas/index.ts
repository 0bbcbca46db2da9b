/** The owners feature's entrance for other modules: its zod schemas (docs/architecture.md "Floors"). */
export * from './listingEdit';
export * from './reply';
export * from './replyInput';
export * from './signIn';

/** The moderation feature's entrance for other modules: its browser-safe modules (docs/architecture.md "Floors"). */
export * from './decisions';
export * from './printable';
export * from './queues';

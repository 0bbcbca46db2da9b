/** The moderation feature's entrance for other modules: its server-only modules (docs/architecture.md "Floors"). */
export * from './audit.server';
export * from './decisions.server';
export * from './moderation.server';
export * from './queues.server';

/** The providers feature's entrance for other modules: its server-only modules (docs/architecture.md "Floors"). */
export * from './copies.server';
export * from './providers.server';

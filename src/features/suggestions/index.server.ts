/** The suggestions feature's entrance for other modules: its server-only modules (docs/architecture.md "Floors"). */
export * from './closest.server';
export * from './serviceRequests.server';
export * from './suggest.server';
export * from './vocabulary.server';

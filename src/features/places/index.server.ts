/** The places feature's entrance for other modules: its server-only modules (docs/architecture.md "Floors"). */
export * from './gazetteer.server';
export * from './located.server';
export * from './place.server';
export * from './searchPlace.server';
export * from './zipAreas.server';

/** The places feature's entrance for other modules: its browser-safe modules (docs/architecture.md "Floors"). */
export * from './distance';
export * from './gazetteer';
export { cityLabel, cityOfLabel, parseLocation } from './location';
export * from './timeZone';
export * from './usStates';

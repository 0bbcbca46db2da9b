/** The listings feature's entrance for other modules: its server-only modules (docs/architecture.md "Floors"). */
export * from './listings.server';
export * from './newListing.server';

/** The reviews feature's entrance for other modules: its server-only modules (docs/architecture.md "Floors"). */
export * from './reviewReads.server';
export * from './reviewReports.server';
export * from './reviews.server';

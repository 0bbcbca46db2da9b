/** The reports feature's entrance for other modules: its server-only modules (docs/architecture.md "Floors"). */
export * from './fileReport.server';

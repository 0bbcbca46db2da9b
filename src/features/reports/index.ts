/** The reports feature's entrance for other modules: its browser-safe modules (docs/architecture.md "Floors"). */
export * from './reportRules';

/** The search feature's entrance for other modules: its browser-safe modules (docs/architecture.md "Floors"). */
export * from './earlyRequest';
export * from './params';
export * from './searchRequest';
export * from './searchText';
export * from './searchTitle';

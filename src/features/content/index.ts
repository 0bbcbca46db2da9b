/** The content feature's entrance for other modules: its browser-safe modules (docs/architecture.md "Floors"). */
export * from './guideRoutes';
export * from './imageAlt';
export * from './pathLinks';
export * from './providerPage';
export * from './siteCounts';

/** The providers feature's entrance for other modules: its browser-safe modules (docs/architecture.md "Floors"). */
export * from './directions';
export * from './listingStatus';
export * from './menu';
export * from './openNow';
export * from './openingHours';
export * from './phone';
export * from './photoUrl';
export * from './providerFields';
export * from './rating';
export * from './slugify';
export * from './unknownFields';
export * from './website';

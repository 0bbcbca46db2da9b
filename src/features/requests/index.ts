/** What other features and the UI use of time requests (docs/requests.md): copy, limits and schemas. Browser-safe. */
export * from './copy';
export * from './schemas';
export * from './privacy';
export * from './time';
export * from './states';

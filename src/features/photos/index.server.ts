/** The photos feature's entrance for other modules: its server-only modules (docs/architecture.md "Floors"). */
export * from './blobStore.server';
export * from './imageCheck.server';
export * from './photoModeration.server';
export * from './photoUploadForm.server';
export * from './photos.server';

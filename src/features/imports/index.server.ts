/** Open data imports (docs/imports.md): the feature's entry for scripts and pages. */
export {
  approveBatch,
  IMPORTED_FIELDS,
  listBatches,
  listingSource,
  openHolds,
  OUTCOMES,
  releaseOf,
  resolveHold,
  rollbackBatch,
  runImport,
  skipMessage,
  type ImportReport,
} from './imports.server';
export { formatOf, openPlaces, PLACE_COLUMNS, type ReadProgress } from './readPlaces.server';
export { mapPlace, SKIP_REASONS } from './mapPlace';
export { CATEGORY_SERVICES, datasetLabel, LICENCES } from './rules';
export { decideImport } from './decisions.server';

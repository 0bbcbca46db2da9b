/**
 * The importer's tables (content/imports/), parsed once: categories → services and the licence
 * allowlist. One definition each; docs/imports.md explains them.
 */
import categoriesJson from '../../../content/imports/overture-categories.json' with { type: 'json' };
import licencesJson from '../../../content/imports/licences.json' with { type: 'json' };
import { categoryTableSchema, licenceTableSchema } from './schemas/importRules';
import type { OvertureSource } from './schemas/overturePlace';

/** The `source` column of a listing an import made (migrations/0072): its row in HOURS_UNKNOWN_LABELS (providers/unknownFields.ts) says "Hours not confirmed". */
export const IMPORT_SOURCE = 'overture';

export const CATEGORY_SERVICES = categoryTableSchema.parse(categoriesJson).categories;
export const LICENCES = licenceTableSchema.parse(licencesJson);

/** The SPDX id of a source's licence: its own, else its dataset's; null when neither is known. */
export function licenceOf(source: OvertureSource): string | null {
  const own = source.license?.trim();
  if (own) return LICENCES.aliases[own] ?? own;
  return (source.dataset && LICENCES.datasets[source.dataset]?.licence) || null;
}

/** The name we credit a source's dataset by ("Foursquare Open Source Places"). */
export const datasetLabel = (dataset: string | null | undefined): string => (dataset && LICENCES.datasets[dataset]?.label) || dataset || 'Overture Maps';

/** Whether places under this licence may be imported (unknown licences may not). */
export const licenceAllowed = (spdx: string | null): boolean => Boolean(spdx && LICENCES.licences[spdx]?.allowed);

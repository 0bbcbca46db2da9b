/** The attribution /data-sources carries (content/data-sources/attribution.json), as Overture and its sources ask. */
import { z } from '../../../lib/zod';

export const attributionSchema = z.object({
  note: z.optional(z.string()).check(z.describe('What the file is, for the people who edit it.')),
  overture: z.string().check(z.minLength(1), z.describe("Overture Maps Foundation's attribution line.")),
  sources: z
    .array(
      z.object({
        dataset: z.string().check(z.describe('The contributing dataset, as credited.')),
        licence: z.string().check(z.describe('SPDX id of its licence (content/imports/licences.json).')),
        attribution: z.string().check(z.describe('The credit line shown for it.')),
        notice: z.optional(z.string()).check(z.describe('A NOTICE its licence requires be passed on (Apache-2.0).')),
      }),
    )
    .check(z.minLength(1), z.describe('Each source Overture places come from that an import may use.')),
  excluded: z.string().check(z.describe('Why some sources are left out.')),
});

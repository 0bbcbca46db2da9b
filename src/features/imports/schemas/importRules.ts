/**
 * The importer's rules as data (content/imports/): which Overture categories become which Glow
 * services, which licences may be used, and the options of a run. Validated when loaded.
 */
import { z } from '../../../lib/zod';

export const categoryTableSchema = z.object({
  note: z.optional(z.string()).check(z.describe('What the table is, for the people who edit it.')),
  categories: z
    .record(z.string().check(z.regex(/^[a-z0-9]+(_[a-z0-9]+)*$/)), z.array(z.string().check(z.minLength(1), z.maxLength(60))).check(z.minLength(1)))
    .check(z.describe('Overture category → the Glow service names a listing of it offers.')),
});

export const licenceTableSchema = z.object({
  note: z.optional(z.string()).check(z.describe('What the table is, for the people who edit it.')),
  licences: z
    .record(
      z.string(),
      z.object({
        allowed: z.boolean().check(z.describe('Whether places under it may be imported.')),
        name: z.string().check(z.describe("The licence's full name.")),
        text: z.optional(z.string()).check(z.describe('Its text under content/data-sources/, shown on /data-sources.')),
        url: z.string().check(z.describe('Where its text is published.')),
      }),
    )
    .check(z.describe('SPDX id → licence.')),
  aliases: z.record(z.string(), z.string()).check(z.describe('Other spellings of an SPDX id found in releases.')),
  datasets: z
    .record(z.string(), z.object({ label: z.string().check(z.describe('Its name as we credit it.')), licence: z.string().check(z.describe('SPDX id.')) }))
    .check(z.describe('Overture dataset name → its licence, for sources that do not carry one.')),
});

/** How a run reads its file and decides. */
export const importOptionsSchema = z.object({
  apply: z._default(z.boolean(), false).check(z.describe('Write the batch; without it a dry run reports and changes nothing.')),
  minConfidence: z
    ._default(z.number().check(z.minimum(0), z.maximum(1)), 0.7)
    .check(z.describe("Places whose confidence is below this are skipped (Overture's own 0..1 score).")),
  chunkSize: z
    ._default(z.int().check(z.minimum(1), z.maximum(5000)), 500)
    .check(z.describe('Records per transaction of an applied batch: a crash loses at most one chunk, which a resumed run redoes.')),
  release: z.nullish(z.string().check(z.maxLength(40))).check(z.describe('Overture release, e.g. 2025-09-24.0; read from the file name when absent.')),
  actor: z.string().check(z.minLength(1), z.describe('Who runs it: recorded on the batch.')),
  examples: z._default(z.int().check(z.minimum(0), z.maximum(20)), 3).check(z.describe('Examples the report keeps per outcome and reason.')),
});
export type ImportOptions = z.output<typeof importOptionsSchema>;

/** Optional free text of a form (a review's comment, a report's details): trimmed, capped, and null when empty or missing. */
import { z } from '../zod';

export const optionalText = (max: number, label: string, tooLong: string) =>
  z.pipe(
    z.nullish(z.string({ error: `${label} must be text` }).check(z.trim(), z.maxLength(max, tooLong))),
    z.transform((text: string | null | undefined) => text || null),
  );

/**
 * Optional free text of a form (a review's comment, a report's details): trimmed, capped, held to the
 * stored-text rules (./storedText.ts; line feeds allowed), and null when empty or missing.
 */
import { z } from '../zod';
import { storedTextChecks } from './storedText';

export const optionalText = (max: number, label: string, tooLong: string) =>
  z.pipe(
    z.nullish(z.string({ error: `${label} must be text` }).check(z.trim(), z.maxLength(max, tooLong), ...storedTextChecks({ label, multiline: true }))),
    z.transform((text: string | null | undefined) => text || null),
  );

/**
 * Text that Glow stores and shows to other people (listing and review fields, report details, owner
 * replies, photo captions): what it may contain and how two texts are compared (docs/security.md
 * "Stored text").
 *
 * - No control characters (C0, C1, DEL, line and paragraph separators): they rewrite terminals
 *   (`npm run moderate -- list`), split log lines and hide text. Multi-line text keeps line feeds
 *   and tabs; a carriage return is folded into a line feed.
 * - No bidirectional overrides or isolates: they make text read differently from what is stored
 *   ("Trojan Source").
 * - Not empty once invisible characters (zero-width spaces, joiners, fillers, …) are removed.
 * - Two texts are "the same" (duplicate reviews and listings) when their comparison forms are:
 *   NFKC, invisible characters removed, white space collapsed, lower case.
 */
import { z } from '../zod';

/** Control characters; multi-line text keeps \n and \t (refused by CONTROL_SINGLE_LINE). */
const CONTROL_MULTILINE = /(?![\n\t])[\p{Cc}\u2028\u2029]/u;
const CONTROL_SINGLE_LINE = /[\p{Cc}\u2028\u2029]/u;
/** Embeddings, overrides and isolates (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI). */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;
/** Characters that render as nothing: zero-width spaces and joiners, fillers, variation selectors, BOM, soft hyphen, … */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/** The text without the characters that render as nothing. */
export const withoutInvisible = (text: string): string => text.replace(INVISIBLE, '');

/** True when the text shows something once invisible characters and white space are gone. */
export const hasVisibleText = (text: string): boolean => withoutInvisible(text).trim().length > 0;

/** The form two stored texts are compared in for duplicates: NFKC, no invisible characters, single spaces, lower case. */
export function normaliseForComparison(text: string): string {
  return withoutInvisible(text.normalize('NFKC')).replace(/\s+/gu, ' ').trim().toLowerCase();
}

/** The first rule the text breaks, as the message a form shows, or null. */
export function storedTextProblem(text: string, label: string, { multiline = false }: { multiline?: boolean } = {}): string | null {
  if ((multiline ? CONTROL_MULTILINE : CONTROL_SINGLE_LINE).test(text)) {
    return multiline ? `${label} must not contain control characters` : `${label} must be a single line without control characters`;
  }
  if (BIDI_CONTROLS.test(text)) return `${label} must not contain text-direction override characters`;
  if (text.length > 0 && !hasVisibleText(text)) return `${label} must contain visible text`;
  return null;
}

export interface StoredTextOptions {
  /** The field's name in messages ("Business name"). */
  label: string;
  /** Line feeds and tabs allowed (comments, details, replies); carriage returns become line feeds. */
  multiline?: boolean;
}

/**
 * The stored-text rules as zod checks, for a string schema that is already trimmed:
 * `z.string().check(z.trim(), z.minLength(1, …), …storedTextChecks({ label: 'City' }))`.
 * Empty text is left to the field's own minLength (its "… is required" message).
 */
export function storedTextChecks({ label, multiline = false }: StoredTextOptions) {
  return [
    ...(multiline ? [z.overwrite((text: string) => text.replace(/\r\n?/g, '\n'))] : []),
    z.superRefine((text: string, ctx) => {
      const problem = storedTextProblem(text, label, { multiline });
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: text });
    }),
  ];
}

export interface RequiredStoredTextOptions extends StoredTextOptions {
  /** Message when missing or empty ("Business name is required"). */
  required: string;
  /** Most characters, and the message past it. */
  max: number;
  tooLong: string;
  /** Fewest characters (default 1) and the message below it (default `required`). */
  min?: number;
  tooShort?: string;
  /** What the field is, for the OpenAPI document. */
  description: string;
}

/** A required stored text: trimmed, length-checked and held to the stored-text rules. */
export function storedText({ label, multiline, required, max, tooLong, min = 1, tooShort, description }: RequiredStoredTextOptions) {
  return z
    .string({ error: required })
    .check(z.trim(), z.minLength(min, tooShort ?? required), z.maxLength(max, tooLong), ...storedTextChecks({ label, multiline }), z.describe(description));
}

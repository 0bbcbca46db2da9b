/**
 * Stored text as the moderation CLI prints it (docs/security.md "Stored text"): control, bidi and
 * invisible characters shown as escapes, so no row (even one stored before the stored-text rules)
 * can move the cursor, clear the screen, retitle the window, forge a line or hide a word.
 */
const UNSAFE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\p{Default_Ignorable_Code_Point}]/gu;

export function printable(text: string | number | null | undefined): string {
  return String(text ?? '').replace(UNSAFE, (c) => {
    const code = c.codePointAt(0)!;
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
}

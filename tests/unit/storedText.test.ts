/** The stored-text rules (src/lib/schemas/storedText.ts; docs/security.md "Stored text"). */
import { describe, expect, it } from 'vitest';
import { z } from '../../src/lib/zod';
import { hasVisibleText, normaliseForComparison, storedText, storedTextChecks, storedTextProblem } from '../../src/lib/schemas/storedText';
import { optionalText } from '../../src/lib/schemas/optionalText';

const name = storedText({ label: 'Name', required: 'Name is required', max: 50, tooLong: 'Name must be less than 50 characters', description: 'A name.' });
const messages = (schema: z.core.$ZodType, input: unknown) => {
  const result = z.safeParse(schema, input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('storedText', () => {
  it('accepts ordinary text in any script, with emoji and their joiners, trimmed', () => {
    for (const text of ['Ana', 'José Núñez', 'محل تجميل', '美甲店', 'Nails 💅🏽', 'Family 👩‍👩‍👧', 'O’Brien & Co.']) {
      expect(z.parse(name, ` ${text} `)).toBe(text);
    }
  });

  it('refuses every C0 and C1 control character and DEL in a single line, naming the field', () => {
    const controls = [...Array(32).keys(), 0x7f, 0x80, 0x85, 0x9b, 0x9f, 0x2028, 0x2029].map((c) => String.fromCharCode(c));
    for (const c of controls) {
      expect(messages(name, `Ana${c}Bell`), JSON.stringify(c)).toEqual(['Name must be a single line without control characters']);
    }
    expect(messages(name, '\u001b]0;pwned\u0007Ana')).toEqual(['Name must be a single line without control characters']);
  });

  it('refuses bidirectional overrides and isolates', () => {
    for (const c of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(messages(name, `Ana ${c}lleB`), JSON.stringify(c)).toEqual(['Name must not contain text-direction override characters']);
    }
  });

  it('refuses text that is empty once invisible characters are removed; empty text keeps its "required" message', () => {
    for (const text of ['\u200B', '\u200B\u200C\u200D', '\u2063', '\u00AD', '\u2060', '\u3164', '\u115F', '\uFE0F', '\u200B \u200B']) {
      expect(messages(name, text), JSON.stringify(text)).toEqual(['Name must contain visible text']);
    }
    // JavaScript's trim already removes the byte-order mark.
    expect(messages(name, '   ')).toEqual(['Name is required']);
    expect(messages(name, '\uFEFF')).toEqual(['Name is required']);
    expect(hasVisibleText('a\u200B')).toBe(true);
  });

  it('multi-line text keeps line feeds and tabs, folds carriage returns, and refuses the other controls', () => {
    const comment = optionalText(500, 'Comment', 'Comment must be less than 500 characters');
    expect(z.parse(comment, 'Great cut.\r\nWill return.\r\tThanks')).toBe('Great cut.\nWill return.\n\tThanks');
    expect(z.parse(comment, '  ')).toBeNull();
    expect(z.parse(comment, undefined)).toBeNull();
    expect(messages(comment, 'Fine\u001b[2J')).toEqual(['Comment must not contain control characters']);
    expect(messages(comment, '\u0007')).toEqual(['Comment must not contain control characters']);
    expect(messages(comment, '\u200B')).toEqual(['Comment must contain visible text']);
    expect(messages(comment, 'abc\u202Edef')).toEqual(['Comment must not contain text-direction override characters']);
  });

  it('storedTextChecks fits any trimmed string schema', () => {
    const city = z.string().check(z.trim(), ...storedTextChecks({ label: 'City' }));
    expect(z.parse(city, ' Dallas ')).toBe('Dallas');
    expect(messages(city, 'Dal\nlas')).toEqual(['City must be a single line without control characters']);
    expect(storedTextProblem('', 'City')).toBeNull();
  });
});

describe('normaliseForComparison', () => {
  it('compares after NFKC, without invisible characters, with single spaces and in lower case', () => {
    const same = ['Ana Bell', 'Ana\u200B Bell', 'A\u200Dna  Bell', 'ＡＮＡ ＢＥＬＬ', ' ana\u00A0bell ', 'Ana\uFEFF Bell\u2060'];
    for (const text of same) expect(normaliseForComparison(text), JSON.stringify(text)).toBe('ana bell');
    expect(normaliseForComparison('Café')).toBe(normaliseForComparison('Cafe\u0301'));
    expect(normaliseForComparison('Ana Bel')).not.toBe('ana bell');
  });
});

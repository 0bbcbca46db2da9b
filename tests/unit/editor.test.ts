/**
 * The content editor and the content schemas cannot drift (docs/editing.md "One definition"):
 * - every file in content/ is a collection entry or a singleton of the editor;
 * - every field of every schema is a field of the editor at the same place, and nothing else is
 *   (bar a collection's address, which is the file name, and the Markdown text);
 * - each field accepts what the build accepts: the editor's own field checks (`validate`) and its
 *   own writer (`serialize`) run on edge values and on every real value in content/, and the
 *   written value is parsed with the zod schema of that field;
 * - lists allow the lengths the schemas allow, measured by parsing real items with the schema;
 * - every file saved through the editor's fields (parse, then serialize, then the file layout of
 *   Keystatic's writer: JSON with two spaces, or YAML front matter above the Markdown text) is
 *   valid for the schema the build uses and holds the same data as before.
 * The Markdown text's own writer runs only in the browser; tests/e2e/editor.spec.ts saves a guide
 * through it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ComponentSchema } from '@keystatic/core';
import { dump, load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ADDRESS_FIELD, EDITOR_FILES, editorConfig } from '../../src/features/content/editor/config';
import { limitsOf, unwrap } from '../../src/features/content/editor/fromZod';

const ROOT = process.cwd();
/** Files in content/ that are data rather than editorial copy, edited as files (docs/editing.md). */
const NOT_IN_THE_EDITOR: Record<string, string> = {
  'content/neighbourhoods.json': 'places searched by point (docs/search.md "Places"), with coordinates',
  'content/platform-domains.json': 'a security rule (domains that never prove a claim, docs/owners.md "Claim"): changed with its tests, not by an editor',
  'content/data-sources/Apache-2.0.txt': 'a licence text, kept verbatim (docs/imports.md "Licences")',
  'content/data-sources/CDLA-Permissive-2.0.txt': 'a licence text, kept verbatim (docs/imports.md "Licences")',
  'content/data-sources/attribution.json': 'the attribution each data source asks for, in its words (docs/imports.md "Licences")',
  'content/imports/licences.json': 'an import rule: which licences may be imported (docs/imports.md "Licences"), changed with its tests',
  'content/imports/overture-categories.json': 'an import rule: Overture categories to services (docs/imports.md "Mapping"), changed with its tests',
};
const config = editorConfig({ kind: 'local' });

type Field = ComponentSchema & {
  kind: string;
  fields?: Record<string, Field>;
  element?: Field;
  validation?: { length?: { min: number; max: number } };
  options?: { value: string }[];
  defaultValue?: () => unknown;
  validate?: (value: unknown, args?: unknown) => unknown;
  parse?: (value: unknown, args?: unknown) => unknown;
  serialize?: (value: unknown, args?: unknown) => { value: unknown };
};

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)]));

/** Every content file with its editor entry, its schema and its stored data (front matter for Markdown). */
const entries = Object.entries(EDITOR_FILES).flatMap(([name, file]) => {
  const paths =
    file.kind === 'singleton'
      ? [`${file.path}.json`]
      : readdirSync(join(ROOT, file.path.replace('/*', '')))
          .filter((f) => /\.(json|md)$/.test(f))
          .map((f) => `${file.path.replace('/*', '')}/${f}`);
  return paths.map((path) => {
    const raw = readFileSync(join(ROOT, path), 'utf8');
    const markdown = path.endsWith('.md') ? /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(raw) : null;
    const data = (markdown ? load(markdown[1]!) : JSON.parse(raw)) as Record<string, unknown>;
    return { name, path, schema: file.schema as z.ZodObject, data, body: markdown?.[2], raw };
  });
});

/** The editor's fields of one entry kind. */
function editorFields(name: string): Record<string, Field> {
  const entry = (config.collections?.[name] ?? config.singletons?.[name]) as { schema: Record<string, Field> };
  return entry.schema;
}

/** Values found at a path (keys, with '*' for list items) in every file of a kind. */
function realValues(name: string, path: string[]): unknown[] {
  const out: unknown[] = [];
  const walk = (value: unknown, rest: string[]) => {
    if (!rest.length) return void out.push(value);
    const [head, ...tail] = rest;
    if (head === '*') for (const item of Array.isArray(value) ? value : []) walk(item, tail);
    else if (value && typeof value === 'object') walk((value as Record<string, unknown>)[head!], tail);
  };
  for (const entry of entries.filter((e) => e.name === name)) walk(entry.data, path);
  return out.filter((v) => v !== undefined);
}

/** The editor's writer on one value, as in Keystatic's serializeProps: objects drop unset keys, lists keep places. */
function write(field: Field, value: unknown): unknown {
  if (field.kind === 'object') {
    const out = Object.entries(field.fields!).map(([k, f]) => [k, write(f, (value as Record<string, unknown>)[k])] as const);
    return Object.fromEntries(out.filter(([, v]) => v !== undefined));
  }
  if (field.kind === 'array') return (value as unknown[]).map((v) => write(field.element!, v) ?? null);
  return field.serialize!(value).value;
}
/** The editor's reader on one stored value. */
function read(field: Field, stored: unknown): unknown {
  if (field.kind === 'object')
    return Object.fromEntries(Object.entries(field.fields!).map(([k, f]) => [k, read(f, (stored as Record<string, unknown> | undefined)?.[k])]));
  if (field.kind === 'array') return ((stored as unknown[] | undefined) ?? []).map((v) => read(field.element!, v));
  return field.parse!(stored, undefined);
}
const accepts = (field: Field, value: unknown) => {
  try {
    field.validate!(value, undefined);
    return true;
  } catch {
    return false;
  }
};

const STRING_SAMPLES = [
  '',
  ' ',
  '   ',
  'x',
  'Hello',
  'hello world',
  'nails',
  'nail-shapes',
  'IL',
  'Il',
  'ILL',
  '/',
  '/faq',
  '//evil.example',
  'https://example.com',
  '/images/x.webp',
  'a b-c',
];
const INTEGER_SAMPLES = [null, -1, 0, 1, 2, 4, 5, 6, 100];

interface Leaf {
  name: string;
  path: string[];
  /** The field's schema; inside a group that may be left empty (absentWhenEmpty), as optional. */
  schema: z.ZodType;
  field: Field;
}
/** Pairs every zod schema node with the editor field at the same place; fails on any field one side lacks. */
function pairs(name: string, schema: z.ZodType, field: Field, path: string[], out: Leaf[], inGroup = false) {
  const { inner, group } = unwrap(schema);
  const type = (inner as unknown as { _zod: { def: { type: string } } })._zod.def.type;
  out.push({ name, path, schema: inGroup ? schema.optional() : schema, field });
  if (type === 'object') {
    expect(field.kind, path.join('.')).toBe('object');
    const shape = (inner as z.ZodObject).shape as Record<string, z.ZodType>;
    expect(Object.keys(field.fields!).sort(), `fields of ${name} ${path.join('.')}`).toEqual(Object.keys(shape).sort());
    for (const [k, s] of Object.entries(shape)) pairs(name, s, field.fields![k]!, [...path, k], out, inGroup || group);
  } else if (type === 'array') {
    expect(field.kind, path.join('.')).toBe('array');
    pairs(name, (inner as unknown as { element: z.ZodType }).element, field.element!, [...path, '*'], out);
  } else expect(field.kind, path.join('.')).toBe('form');
}

const leaves: Leaf[] = [];
for (const [name, file] of Object.entries(EDITOR_FILES)) {
  const { [ADDRESS_FIELD]: _address, body: _body, ...fields } = editorFields(name);
  pairs(name, file.schema, { kind: 'object', fields } as Field, [], leaves);
}

describe('the editor covers every content file', () => {
  it('every file in content/ is an entry of the editor', () => {
    const known = new Set(entries.map((e) => e.path));
    const all = filesUnder(join(ROOT, 'content'))
      .map((f) => relative(ROOT, f))
      .filter((f) => !(f in NOT_IN_THE_EDITOR));
    expect(all.filter((f) => !known.has(f))).toEqual([]);
    expect(entries.length).toBe(all.length);
  });

  it('collections have the address (the file name) and guides and legal pages their Markdown text, nothing else beyond the schema', () => {
    for (const [name, file] of Object.entries(EDITOR_FILES)) {
      const extra = Object.keys(editorFields(name)).filter((k) => !(k in file.schema.shape));
      expect(extra, name).toEqual(file.kind === 'collection' ? ['body' in file ? [ADDRESS_FIELD, 'body'] : [ADDRESS_FIELD]].flat() : []);
    }
  });

  it('the comparison is heard: a zod field missing from the editor fails the pairing', () => {
    const name = 'testimonials';
    const { testimonials } = editorFields(name) as { testimonials: Field };
    const { verified: _dropped, ...fewer } = testimonials.element!.fields!;
    const broken = { ...testimonials, element: { ...testimonials.element!, fields: fewer } } as Field;
    expect(() => pairs(name, EDITOR_FILES.testimonials.schema, { kind: 'object', fields: { testimonials: broken } } as Field, [], [])).toThrow();
  });
});

describe('each editor field accepts exactly what the build accepts', () => {
  const forms = leaves.filter((l) => l.field.kind === 'form');
  it('has fields to compare', () => expect(forms.length).toBeGreaterThan(100));

  for (const leaf of forms) {
    const where = `${leaf.name}: ${leaf.path.join('.')}`;
    it(where, () => {
      const { inner, required } = unwrap(leaf.schema);
      const type = (inner as unknown as { _zod: { def: { type: string } } })._zod.def.type;
      const real = realValues(leaf.name, leaf.path);
      if (type === 'string') {
        const limits = limitsOf(leaf.schema);
        const samples = [...STRING_SAMPLES, ...(limits.max ? ['a'.repeat(limits.max), 'a'.repeat(limits.max + 1)] : []), ...(real as string[])];
        for (const value of samples) {
          const stored = accepts(leaf.field, value) ? leaf.field.serialize!(value).value : Symbol('refused');
          const buildAccepts = typeof stored !== 'symbol' && leaf.schema.safeParse(stored).success;
          expect(accepts(leaf.field, value), `${where} ${JSON.stringify(value)}: editor vs build`).toBe(
            buildAccepts || leaf.schema.safeParse(value === '' ? undefined : value).success,
          );
        }
        for (const value of real) expect(accepts(leaf.field, value), `${where}: real value ${JSON.stringify(value)}`).toBe(true);
      } else if (type === 'number') {
        for (const value of [...INTEGER_SAMPLES, ...(real as number[])]) {
          const stored = value === null ? undefined : value;
          expect(accepts(leaf.field, value), `${where} ${value}`).toBe(leaf.schema.safeParse(stored).success);
        }
      } else if (type === 'enum') {
        expect(leaf.field.options!.map((o) => o.value)).toEqual(Object.values((inner as unknown as { enum: Record<string, string> }).enum));
      } else if (type === 'boolean') {
        expect(leaf.field.defaultValue!()).toBe(leaf.schema.parse(undefined) ?? false);
      } else if (type === 'date') {
        expect(accepts(leaf.field, null)).toBe(!required);
        for (const value of real)
          expect(leaf.schema.safeParse(leaf.field.serialize!(read(leaf.field, value)).value).success, `${where} ${String(value)}`).toBe(true);
      } else throw new Error(`${where}: no comparison for a ${type}`);
    });
  }
});

describe('lists allow the lengths the schemas allow', () => {
  for (const leaf of leaves.filter((l) => l.field.kind === 'array')) {
    const where = `${leaf.name}: ${leaf.path.join('.')}`;
    const items = realValues(leaf.name, [...leaf.path, '*']);
    it.skipIf(!items.length)(where, () => {
      const { min, max } = leaf.field.validation!.length!;
      const lengths = [0, 1, min - 1, min, min + 1, max - 1, max, max + 1].filter((n) => n >= 0 && Number.isFinite(n) && n <= 40);
      for (const n of lengths) {
        const list = Array.from({ length: n }, (_, i) => items[i % items.length]);
        // The whole list through the list's own schema (optional and defaults included).
        const buildAccepts = leaf.schema.safeParse(list).success || (n === 0 && leaf.schema.safeParse(undefined).success && !limitsOf(leaf.schema).required);
        expect(n >= min && n <= max, `${where}: ${n} items`).toBe(buildAccepts);
      }
    });
  }
});

describe('files saved through the editor pass the build', () => {
  for (const entry of entries) {
    it(entry.path, () => {
      const { [ADDRESS_FIELD]: _address, body: _body, ...fields } = editorFields(entry.name);
      const root = { kind: 'object', fields } as Field;
      const saved = write(root, read(root, entry.data)) as Record<string, unknown>;
      const file = entry.body !== undefined ? `---\n${dump(saved)}---\n${entry.body}` : `${JSON.stringify(saved, null, 2)}\n`;
      // Read back the way the build reads it (front matter as YAML), then validated by the same schema.
      const reread = (entry.body !== undefined ? load(/^---\n([\s\S]*?)---\n/.exec(file)![1]!) : JSON.parse(file)) as Record<string, unknown>;
      const result = entry.schema.safeParse(reread);
      expect(result.error?.issues ?? [], entry.path).toEqual([]);
      expect(result.data).toEqual(entry.schema.parse(entry.data));
      if (entry.body === undefined) expect(file, `${entry.path} is as the editor would write it`).toBe(entry.raw);
    });
  }
});

/**
 * The editor's fields generated from the content schemas (docs/editing.md "One definition"): every
 * field, requirement and limit of a zod schema becomes the Keystatic field that enforces it, with
 * the schema's `title` as label and its description as help. Anything the editor cannot express
 * throws here, so a new rule in a schema cannot silently skip the editor; rules that need the
 * whole object (a refinement) are allowed only when the schema's description tells editors.
 */
import { type ComponentSchema, fields } from '@keystatic/core';
import { globalRegistry, type z } from 'zod';

type Def = { type: string; [key: string]: unknown };
type Check = { _zod: { def: { check: string; [key: string]: unknown } } };

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (schema: z.ZodType) => ((defOf(schema).checks as Check[] | undefined) ?? []).map((c) => c._zod.def);

/** Editor metadata of a schema: `title`, `description` and `multiline`, inherited through wrappers. */
export interface EditorMeta {
  title?: string;
  description?: string;
  multiline?: boolean;
}
export const metaOf = (schema: z.ZodType): EditorMeta => (globalRegistry.get(schema) as EditorMeta | undefined) ?? {};

/** "readingMinutes" → "Reading minutes": the label of a field without a title. */
export const humanize = (key: string) => {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The limits of one text, number or list field, read from a zod schema (also used by the tests). */
export interface Limits {
  required: boolean;
  min?: number;
  max?: number;
  pattern?: { regex: RegExp; message?: string };
  integer?: boolean;
  trimmed?: boolean;
  /** Whole-object rules only the build checks (refinements). */
  refinements: number;
  defaultValue?: unknown;
}

/** Peels optional, default and "absent when empty" wrappers off a schema. */
export function unwrap(schema: z.ZodType): { inner: z.ZodType; required: boolean; group: boolean; defaultValue?: unknown; meta: EditorMeta } {
  let inner = schema;
  let required = true;
  let group = false;
  let defaultValue: unknown;
  const meta: EditorMeta = { ...metaOf(schema) };
  for (;;) {
    const def = defOf(inner);
    if (def.type === 'optional') {
      required = false;
      inner = def.innerType as z.ZodType;
    } else if (def.type === 'default') {
      required = false;
      defaultValue = typeof def.defaultValue === 'function' ? (def.defaultValue as () => unknown)() : def.defaultValue;
      inner = def.innerType as z.ZodType;
    } else if (def.type === 'pipe' && defOf(def.in as z.ZodType).type === 'transform') {
      // z.preprocess (absentWhenEmpty in the schemas): the editor edits the schema it leads to.
      inner = def.out as z.ZodType;
      group = true;
    } else break;
    for (const [k, v] of Object.entries(metaOf(inner))) if (meta[k as keyof EditorMeta] === undefined) Object.assign(meta, { [k]: v });
  }
  return { inner, required, group, defaultValue, meta };
}

export function limitsOf(schema: z.ZodType): Limits {
  const { inner, required, defaultValue } = unwrap(schema);
  const limits: Limits = { required, refinements: 0, defaultValue };
  const type = defOf(inner).type;
  for (const check of checksOf(inner)) {
    switch (check.check) {
      case 'min_length':
        limits.min = Math.max(limits.min ?? 0, check.minimum as number);
        break;
      case 'max_length':
        limits.max = Math.min(limits.max ?? Number.POSITIVE_INFINITY, check.maximum as number);
        break;
      case 'length_equals':
        limits.min = limits.max = check.length as number;
        break;
      case 'string_format':
        if (check.format === 'regex') limits.pattern = { regex: check.pattern as RegExp, message: messageOf(check) };
        else if (check.format === 'starts_with')
          limits.pattern = { regex: new RegExp(`^${escapeRegex(check.prefix as string)}`), message: `Must start with ${check.prefix as string}` };
        else throw new Error(`The editor cannot check the string format "${String(check.format)}"`);
        break;
      case 'overwrite':
        limits.trimmed = true;
        break;
      case 'number_format':
        if (check.format !== 'safeint') throw new Error(`The editor cannot check the number format "${String(check.format)}"`);
        limits.integer = true;
        break;
      case 'greater_than':
        limits.min = (check.value as number) + (check.inclusive ? 0 : 1);
        break;
      case 'less_than':
        limits.max = (check.value as number) - (check.inclusive ? 0 : 1);
        break;
      case 'custom':
        limits.refinements++;
        break;
      default:
        throw new Error(`The editor cannot check "${check.check}" on a ${type}`);
    }
  }
  if (limits.refinements && !metaOf(schema).description && !metaOf(inner).description)
    throw new Error('A schema with a refinement needs a description that tells editors the rule');
  return limits;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
function messageOf(check: Record<string, unknown>): string | undefined {
  const error = check.error as ((issue: unknown) => unknown) | undefined;
  const out = typeof error === 'function' ? error({}) : undefined;
  return typeof out === 'string' ? out : typeof out === 'object' && out && 'message' in out ? String(out.message) : undefined;
}

/** The text an array item shows in the editor's list: its first text field, or the text itself. */
function itemLabel(schema: z.ZodType): (props: { value: unknown }) => string {
  const { inner } = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'object') {
    const shape = def.shape as Record<string, z.ZodType>;
    const first = Object.keys(shape).find((k) => defOf(unwrap(shape[k]!).inner).type === 'string');
    if (first) return (props) => textOf((props as unknown as { fields: Record<string, { value: unknown }> }).fields[first]?.value);
  }
  if (def.type === 'string') return (props) => textOf(props.value);
  return () => 'Item';
}
const textOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 80) : '(empty)');

/**
 * The Keystatic field for one zod schema under `key`. Inside a group that may be left out
 * (absentWhenEmpty), the editor cannot tell "all or nothing": its boxes may each be left empty,
 * and the build refuses a group filled in only in part (the group's help says so).
 */
export function fieldFor(key: string, schema: z.ZodType, inOptionalGroup = false): ComponentSchema {
  const { inner, required: requiredHere, group, defaultValue, meta } = unwrap(schema);
  const required = requiredHere && !inOptionalGroup;
  const children = inOptionalGroup || group;
  const label = meta.title ?? humanize(key);
  const description = meta.description;
  const def = defOf(inner);
  const limits = limitsOf(schema);
  switch (def.type) {
    case 'string': {
      // An optional text left empty is not written at all, so its minimum applies only once filled in.
      const min = required ? Math.max(limits.min ?? 0, 1) : (limits.min ?? 0) > 1 ? limits.min : 0;
      // A trimmed text: spaces alone do not fill it (the schema trims before counting).
      const blank = required ? /\S/ : /^$|\S/;
      let pattern = limits.pattern ?? (limits.trimmed && (limits.min ?? 0) > 0 ? { regex: blank, message: `${label} must not be blank` } : undefined);
      // The editor checks a pattern on an empty box too; empty is fine where the text is optional.
      if (pattern && !required) pattern = { ...pattern, regex: new RegExp(`^$|(?:${pattern.regex.source})`, pattern.regex.flags) };
      return fields.text({
        label,
        description,
        multiline: meta.multiline === true,
        validation: { isRequired: required, length: { min, max: limits.max }, pattern },
      });
    }
    case 'number':
      if (!limits.integer) throw new Error(`${key}: the editor's numbers are whole numbers; add .int()`);
      return fields.integer({
        label,
        description,
        defaultValue: defaultValue as number | undefined,
        validation: { isRequired: required, min: limits.min, max: limits.max },
      });
    case 'boolean':
      return fields.checkbox({ label, description, defaultValue: (defaultValue as boolean | undefined) ?? false });
    case 'enum': {
      const values = Object.values(def.entries as Record<string, string>);
      return fields.select({
        label,
        description,
        options: values.map((value) => ({ label: value, value })),
        defaultValue: (defaultValue as string | undefined) ?? values[0]!,
      });
    }
    case 'date':
      return fields.date({ label, description, validation: { isRequired: required } });
    case 'array': {
      const element = def.element as z.ZodType;
      // A list's items are whole: only the list itself may be left empty.
      return fields.array(fieldFor(key, element), {
        label,
        description,
        itemLabel: itemLabel(element) as never,
        validation: { length: { min: children ? 0 : (limits.min ?? 0), max: limits.max ?? Number.POSITIVE_INFINITY } },
      });
    }
    case 'object':
      return fields.object(fieldsFor(inner as z.ZodObject, children), { label, description });
    default:
      throw new Error(`${key}: the editor has no field for a zod ${def.type}`);
  }
}

/** The Keystatic fields of a zod object schema, key by key. */
export function fieldsFor(schema: z.ZodObject, inOptionalGroup = false): Record<string, ComponentSchema> {
  return Object.fromEntries(Object.entries(schema.shape).map(([key, value]) => [key, fieldFor(key, value as z.ZodType, inOptionalGroup)]));
}

/**
 * The facets of a listing (docs/facets.md): what a shopper asks first (walk-ins, access, languages,
 * payment, kids, parking) and the identity labels a verified owner may choose. One table of data:
 * the owner's form, the provider page's "Amenities and more", its JSON-LD, the search filters and
 * their chips, and the OpenAPI document are all read from it; a new facet is a row here.
 *
 * A listing stores its facets as one integer of bits (`providers.facets`, migrations/0046). Bits
 * are stored data: never renumber one, only add. An unset facet is no bit, and is shown as nothing,
 * never as "no". Browser-safe and small: the search chips and the dashboard import it.
 */

export interface FacetOption {
  /** The value in the API, the owner's form and the search parameter (`lang=vi`). */
  value: string;
  /** How the page and the dashboard name it ("Step-free entrance"). */
  label: string;
  /** The bits it sets; every option but "both" of walk-ins sets one. */
  bits: readonly number[];
  /** The search chip's words when it is a filter ("Speaks Spanish"); absent: not a filter. */
  chip?: string;
  /** Its chip is in the first row on /search, the questions asked most; the rest are under "More filters". */
  first?: true;
}

/** The search parameters of the facets, in the order URLs carry them: one per group of the table below. */
export const FACET_PARAMS = ['walkIns', 'access', 'lang', 'pay', 'kids', 'parking', 'owned'] as const;
export type FacetParam = (typeof FACET_PARAMS)[number];

export interface FacetGroup {
  /** The key in the API's `facets` object and the owner's form. */
  key: string;
  /** The search parameter that filters on it (`access=stepFree`). */
  param: FacetParam;
  /** The heading of its line in "Amenities and more" and in the dashboard. */
  label: string;
  /** `one`: at most one option (walk-ins); `many`: any of them. */
  kind: 'one' | 'many';
  /** Only the listing's verified owner may set it, and the page says "The business identifies as …". */
  identity?: true;
  /** schema.org: its options are `amenityFeature`s (LocationFeatureSpecification) of the business. */
  amenity?: true;
  options: readonly FacetOption[];
}

/** ISO 639-1 codes of the languages a listing may say it speaks, with their English names. */
export const FACET_LANGUAGES = [
  ['en', 'English'],
  ['es', 'Spanish'],
  ['vi', 'Vietnamese'],
  ['zh', 'Chinese'],
  ['ko', 'Korean'],
  ['tl', 'Tagalog'],
  ['ru', 'Russian'],
  ['ar', 'Arabic'],
  ['ht', 'Haitian Creole'],
  ['pt', 'Portuguese'],
  ['fr', 'French'],
  ['hi', 'Hindi'],
] as const;

export const FACET_GROUPS: readonly FacetGroup[] = [
  {
    key: 'walkIns',
    param: 'walkIns',
    label: 'Walk-ins',
    kind: 'one',
    amenity: true,
    options: [
      { value: 'welcome', label: 'Walk-ins welcome', bits: [0], chip: 'Walk-ins welcome', first: true },
      { value: 'appointments', label: 'Appointments only', bits: [1] },
      { value: 'both', label: 'Walk-ins and appointments', bits: [0, 1] },
    ],
  },
  {
    key: 'access',
    param: 'access',
    label: 'Accessibility',
    kind: 'many',
    amenity: true,
    options: [
      { value: 'stepFree', label: 'Step-free entrance', bits: [2], chip: 'Wheelchair accessible', first: true },
      { value: 'restroom', label: 'Accessible restroom', bits: [3], chip: 'Accessible restroom' },
      { value: 'parking', label: 'Accessible parking', bits: [4], chip: 'Accessible parking' },
    ],
  },
  {
    key: 'languages',
    param: 'lang',
    label: 'Languages spoken',
    kind: 'many',
    options: FACET_LANGUAGES.map(([code, name], i) => ({
      value: code,
      label: name,
      bits: [5 + i],
      chip: `Speaks ${name}`,
      ...(code === 'es' || code === 'vi' ? { first: true as const } : {}),
    })),
  },
  {
    key: 'payments',
    param: 'pay',
    label: 'Payment',
    kind: 'many',
    amenity: true,
    options: [
      { value: 'cards', label: 'Cards', bits: [17], chip: 'Takes cards' },
      { value: 'cash', label: 'Cash', bits: [18], chip: 'Takes cash', first: true },
      { value: 'contactless', label: 'Contactless', bits: [19], chip: 'Contactless payment' },
    ],
  },
  {
    key: 'kids',
    param: 'kids',
    label: 'Kids',
    kind: 'one',
    amenity: true,
    options: [{ value: 'welcome', label: 'Kids welcome', bits: [20], chip: 'Kids welcome', first: true }],
  },
  {
    key: 'parking',
    param: 'parking',
    label: 'Parking',
    kind: 'many',
    amenity: true,
    options: [
      { value: 'lot', label: 'Parking lot', bits: [21], chip: 'Parking lot' },
      { value: 'street', label: 'Street parking', bits: [22], chip: 'Street parking' },
      { value: 'paid', label: 'Paid parking nearby', bits: [23], chip: 'Paid parking' },
    ],
  },
  {
    key: 'identity',
    param: 'owned',
    label: 'Identifies as',
    kind: 'many',
    identity: true,
    options: [
      { value: 'black', label: 'Black-owned', bits: [24], chip: 'Black-owned' },
      { value: 'latino', label: 'Latino-owned', bits: [25], chip: 'Latino-owned' },
      { value: 'asian', label: 'Asian-owned', bits: [26], chip: 'Asian-owned' },
      { value: 'women', label: 'Women-owned', bits: [27], chip: 'Women-owned' },
      { value: 'veteran', label: 'Veteran-owned', bits: [28], chip: 'Veteran-owned' },
      { value: 'lgbtq', label: 'LGBTQ+-owned', bits: [29], chip: 'LGBTQ+-owned' },
    ],
  },
];

/** A listing's facets as the API and the owner's form carry them: each group's chosen values. */
export type FacetSelection = Record<string, string[]>;

const maskOf = (bits: readonly number[]) => bits.reduce((m, b) => m | (1 << b), 0);

/** The stored integer of a selection (values not in the table are ignored: the schema refuses them first). */
export function facetBits(selection: Partial<FacetSelection>): number {
  let bits = 0;
  for (const group of FACET_GROUPS) {
    for (const value of selection[group.key] ?? []) {
      const option = group.options.find((o) => o.value === value);
      if (option) bits |= maskOf(option.bits);
    }
  }
  return bits;
}

/**
 * The selection a stored integer holds. In a `one` group the option whose bits are all set and most
 * numerous wins ("both" over "welcome"), so a choice reads back as it was saved.
 */
export function facetSelection(bits: number): FacetSelection {
  const selection: FacetSelection = {};
  for (const group of FACET_GROUPS) {
    const held = group.options.filter((o) => o.bits.every((b) => bits & (1 << b)));
    if (group.kind === 'one') {
      const best = held.sort((a, b) => b.bits.length - a.bits.length)[0];
      selection[group.key] = best ? [best.value] : [];
    } else {
      selection[group.key] = held.map((o) => o.value);
    }
  }
  return selection;
}

/** The bits only a verified owner may set (identity labels). */
export const IDENTITY_BITS = FACET_GROUPS.filter((g) => g.identity).reduce((m, g) => m | g.options.reduce((n, o) => n | maskOf(o.bits), 0), 0);

/** One search filter: a group's parameter with one value, and the bit a listing must hold. */
export interface FacetFilter {
  param: FacetParam;
  value: string;
  chip: string;
  bit: number;
  group: FacetGroup;
  /** In the first row of chips (FacetOption.first). */
  first: boolean;
}

/** Every facet a search can filter on, in the order the chips show them. */
export const FACET_FILTERS: readonly FacetFilter[] = FACET_GROUPS.flatMap((group) =>
  group.options.flatMap((o) =>
    o.chip && o.bits.length === 1
      ? [{ param: group.param, value: group.kind === 'one' ? 'true' : o.value, chip: o.chip, bit: o.bits[0]!, group, first: Boolean(o.first) }]
      : [],
  ),
);

/** The values a search parameter of a group takes: "true" for a one-option filter (`walkIns=true`), else the options'. */
export const filterValuesOf = (param: FacetParam): string[] => FACET_FILTERS.filter((f) => f.param === param).map((f) => f.value);

/**
 * Each parameter's values and the bit of each (FACET_FILTERS by parameter): the search's plans
 * work the mask out for each of the sampled providers they weigh, where a walk over every filter
 * asking the parameters for each showed in a search's profile (docs/benchmarks-history.md
 * "Fuzz: the changes of session 9").
 */
const FILTER_BITS: ReadonlyMap<FacetParam, ReadonlyMap<string, number>> = FACET_FILTERS.reduce((byParam, f) => {
  const bits = byParam.get(f.param) ?? new Map<string, number>();
  bits.set(f.value, (bits.get(f.value) ?? 0) | (1 << f.bit));
  return byParam.set(f.param, bits);
}, new Map<FacetParam, Map<string, number>>());

/** The bits a search's facet parameters ask for (all of them must be held), from `{ lang: ['vi'], walkIns: ['true'] }`. */
export function filterMask(params: Partial<Record<FacetParam, readonly string[] | undefined>>): number {
  let mask = 0;
  for (const [param, bits] of FILTER_BITS) {
    const values = params[param];
    if (values) for (const value of values) mask |= bits.get(value) ?? 0;
  }
  return mask;
}

/** The filters a mask holds, in chip order (the chips that are on). */
export const filtersOfMask = (mask: number): FacetFilter[] => FACET_FILTERS.filter((f) => mask & (1 << f.bit));

/** A line of "Amenities and more": a group's heading and its chosen options' labels. */
export interface FacetLine {
  key: string;
  label: string;
  values: string[];
  identity: boolean;
}

/** What the provider page shows: the groups with something set, nothing for an unset one. */
export function facetLines(bits: number): FacetLine[] {
  const selection = facetSelection(bits);
  return FACET_GROUPS.flatMap((group) => {
    const values = (selection[group.key] ?? []).map((v) => group.options.find((o) => o.value === v)!.label);
    return values.length ? [{ key: group.key, label: group.label, values, identity: Boolean(group.identity) }] : [];
  });
}

/**
 * The listing's facets as schema.org says them: the amenity groups' labels as `amenityFeature`
 * (LocationFeatureSpecification) and the languages as `knowsLanguage` (ISO 639-1 codes are BCP 47
 * tags). Identity labels are the business's own words about itself, not an amenity: the page says them.
 */
export function facetsLd(selection: FacetSelection): { amenities: string[]; languages: string[] } {
  const amenities = FACET_GROUPS.filter((g) => g.amenity).flatMap((g) =>
    (selection[g.key] ?? []).flatMap((v) => g.options.find((o) => o.value === v)?.label ?? []),
  );
  return { amenities, languages: [...(selection.languages ?? [])] };
}

/** A search's values of a facet parameter ("vi,es" → ["vi", "es"]). */
export const paramValues = (text: string | undefined): string[] => (text ? text.split(',').filter(Boolean) : []);

/** The parameter's text with `value` turned on or off (undefined when none is left). */
export function toggledParam(text: string | undefined, value: string, on: boolean): string | undefined {
  const values = paramValues(text).filter((v) => v !== value);
  const next = on ? [...values, value] : values;
  return next.length ? next.join(',') : undefined;
}

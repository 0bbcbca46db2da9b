/**
 * A listing's facets on the wire (docs/facets.md): the `facets` object of a provider, the owner's
 * edit (PUT /api/owners/listings/{id}/facets) and its answer. Built from the table in ../facets.ts,
 * so a new facet needs no change here. Browser-safe: the dashboard validates with it.
 */
import { z } from '../../../lib/zod';
import { FACET_GROUPS, type FacetGroup } from '../facets';

const groupSchema = (group: FacetGroup) => {
  const values = group.options.map((o) => o.value) as [string, ...string[]];
  const choose = group.kind === 'one' ? `at most one of ${values.join(', ')}` : `any of ${values.join(', ')}`;
  return z
    ._default(
      z.array(z.enum(values, { error: `${group.label}: choose from ${values.join(', ')}` })).check(
        z.maxLength(group.kind === 'one' ? 1 : values.length, `${group.label}: choose at most one`),
        z.refine((list) => new Set(list).size === list.length, `${group.label}: each choice once`),
      ),
      () => [],
    )
    .check(
      z.describe(
        `${group.label}: ${choose}; empty when the business has not said.${group.identity ? ' Only the verified owner may set it; shown as "The business identifies as …".' : ''}`,
      ),
    );
};

/** The facets of a listing: each group's chosen values; an empty list is unset (shown as nothing). */
export const facetsSchema = z.strictObject(
  Object.fromEntries(FACET_GROUPS.map((g) => [g.key, groupSchema(g)])) as Record<string, ReturnType<typeof groupSchema>>,
);
export type FacetsInput = z.input<typeof facetsSchema>;
export type Facets = z.output<typeof facetsSchema>;

/** GET and PUT /api/owners/listings/{id}/facets: what is set, and whether the owner may set identity labels. */
export const ownerFacetsSchema = z.object({
  facets: facetsSchema.check(z.describe('What the listing says (schema Facets).')),
  identityAllowed: z.boolean().check(z.describe('Whether this owner may set identity labels: only the owner of a verified listing may (docs/facets.md).')),
});
export type OwnerFacets = z.output<typeof ownerFacetsSchema>;

/** The message a refused identity label gets (403). */
export const IDENTITY_REFUSED = 'Only the owner of a verified business can set identity labels';

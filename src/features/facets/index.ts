/** What other features use of facets (docs/facets.md): the table, its bits and its wire schema. Browser-safe. */
export * from './facets';
export { facetsSchema, ownerFacetsSchema, IDENTITY_REFUSED, type Facets, type FacetsInput, type OwnerFacets } from './schemas/facets';

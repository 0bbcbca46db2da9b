/** GET /api/owners/listings/{id}/facets: the listing's facets as its owner edits them. PUT: save them. */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { facetsSchema } from '../src/features/facets';
import { ownerFacets, saveFacets } from '../src/features/owners/index.server';
import { requireListingOwner } from '../src/features/owners/index.server';
import { purgeTags } from '../src/server/cachePurge';
import { CACHE_TAGS } from '../src/server/cdnCache';
import { json, parseWith, pathParam, readJsonObject, route } from '../src/server/http';

export default route({
  async GET(req, context) {
    const id = pathParam(context.params, 'id');
    await requireListingOwner(req, id);
    return json(await ownerFacets(await getDb(), id));
  },
  async PUT(req, context) {
    const id = pathParam(context.params, 'id');
    const owner = await requireListingOwner(req, id);
    const facets = parseWith(facetsSchema, await readJsonObject(req));
    const { saved, changed } = await saveFacets(await getDb(), id, facets, owner.email);
    // Its page ("Amenities and more", JSON-LD) and searches filtered on facets show it.
    if (changed) await purgeTags([CACHE_TAGS.provider(id), CACHE_TAGS.search], context);
    return json(saved);
  },
});

export const config: Config = { path: '/api/owners/listings/:id/facets' };

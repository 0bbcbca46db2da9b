/** GET /api/owners/listings/{id}: the listing as its owner edits it. PUT: save the owner's edit. */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { ownerListing, saveListingEdit } from '../src/features/owners/index.server';
import { requireListingOwner } from '../src/features/owners/index.server';
import { listingEditSchema } from '../src/features/owners/schemas';
import { purgeTags } from '../src/server/cachePurge';
import { queueOwnerRebuild } from '../src/server/buildHook';
import { CACHE_TAGS } from '../src/server/cdnCache';
import { json, parseWith, pathParam, readJsonObject, route } from '../src/server/http';

export default route({
  async GET(req, context) {
    const id = pathParam(context.params, 'id');
    await requireListingOwner(req, id);
    return json(await ownerListing(await getDb(), id));
  },
  async PUT(req, context) {
    const id = pathParam(context.params, 'id');
    const owner = await requireListingOwner(req, id);
    const edit = parseWith(listingEditSchema, await readJsonObject(req));
    const database = await getDb();
    const { listing, changed, fields } = await saveListingEdit(database, id, edit, owner.email);
    // Its page, searches (hours, services, status) and the provider sitemap (lastmod) show it.
    if (changed) await purgeTags([CACHE_TAGS.provider(id), CACHE_TAGS.search, CACHE_TAGS.providerSitemap], context);
    // A status changes what the pre-built grids list and whether their card may say "Open now"
    // (docs/owners.md "Statuses"): they are rebuilt, as after a moderator's listing action.
    // From the owners' own budget, coalesced per listing and limited per account (docs/owners.md "Budgets").
    if (fields.includes('status')) console.log(`[rebuild] ${await queueOwnerRebuild(database, { providerId: id, userId: owner.userId })}`);
    return json(listing);
  },
});

export const config: Config = { path: '/api/owners/listings/:id' };

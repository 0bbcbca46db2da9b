/**
 * POST /api/insights/beacon (docs/insights.md "Counting"): what a page's beacon says happened. Sent by
 * `navigator.sendBeacon` as a form (`event=view&listing=<id>`), the one body type a beacon posts
 * without a preflight. Browser-safe.
 */
import { z } from '../../../lib/zod';
import { BEACON_EVENTS, MAX_LISTINGS_PER_BEACON } from '../measures';

const listingId = z.string().check(z.trim(), z.minLength(1, 'Name the listing'), z.maxLength(100, 'Name the listing by its id'));

export const beaconSchema = z
  .object({
    event: z
      .enum(BEACON_EVENTS, { error: `event must be one of ${BEACON_EVENTS.join(', ')}` })
      .check(z.describe('What happened: a profile view, an appearance in search results, or a click on a call, directions, website or booking link.')),
    listing: z
      .array(listingId)
      .check(
        z.minLength(1, 'Name the listing'),
        z.maxLength(MAX_LISTINGS_PER_BEACON, `At most ${MAX_LISTINGS_PER_BEACON} listings per beacon`),
        z.describe(
          `Provider ids: the one page's listing, or for \`search\` every listing shown (at most ${MAX_LISTINGS_PER_BEACON}); repeat the field for more.`,
        ),
      ),
  })
  .check(z.refine((b) => b.event === 'search' || b.listing.length <= 1, { message: 'Only a search names more than one listing', path: ['listing'] }));
export type Beacon = z.output<typeof beaconSchema>;

/** The form fields of a beacon body, as the schema reads them (`listing` repeats). */
export const beaconFromForm = (form: URLSearchParams) => ({ event: form.get('event') ?? undefined, listing: form.getAll('listing') });

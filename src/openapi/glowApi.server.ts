/**
 * The Glow API as the OpenAPI document describes it: one registration per method and path, naming
 * the zod schemas the function validates with. A new endpoint or parameter is one entry here (or one
 * field in its schema); ./document.ts turns the lot into OpenAPI 3.1 (docs/api.md).
 */
import { LIMITS, SITE } from '../config';
import { SITE_URL } from '../server/siteUrl';
import { z } from '../lib/zod';
import { HELD_MESSAGE, heldListingSchema, providerCreateSchema, providerSchema } from '../features/providers/schemas';
import { reviewCreateSchema, reviewSchema } from '../features/reviews/schemas';
import { reviewListParamsSchema, reviewSummarySchema } from '../features/reviews/schemas';
import { reportCreateSchema } from '../features/reports/schemas';
import { reportSchema } from '../features/reviews/schemas';
import { pageParamsSchema, searchParamsSchema, searchResultSchema } from '../features/search/schemas';
import { suggestionsSchema, suggestParamsSchema } from '../features/suggestions/schemas';
import { listingEditSchema, ownerListingSchema } from '../features/owners/schemas';
import { facetsSchema, ownerFacetsSchema } from '../features/facets/index';
import { replySchema } from '../features/owners/schemas';
import { replyCreateSchema, replyEditSchema } from '../features/owners/schemas';
import { codeRequestSchema, codeSentSchema, ownerSessionSchema, signInSchema, signOutParamsSchema } from '../features/owners/schemas';
import {
  ownerPhotoSchema,
  photoOrderSchema,
  photoReportSchema,
  photoSchema,
  photoUpdateSchema,
  photoUploadResultSchema,
  photoUploadSchema,
} from '../features/photos/schemas';
import { PHOTO_LIMITS } from '../features/photos';
import { buildOpenApiDocument, type ApiDescription, type Payload } from './document';
import { OPERATOR_ENDPOINTS, OPERATOR_TAG } from './operatorApi.server';
import { insightsEndpoints } from './insights';
import { requestEndpoints } from './requests';
import { replyTimeSchema } from '../features/requests';
import { MAX_NEARBY_MILES } from '../features/search';
import {
  exampleErrors,
  examplePhoto,
  examplePhotoReport,
  exampleFacets,
  exampleProvider,
  exampleProviderCreate,
  exampleReport,
  exampleReportCreate,
  exampleReview,
  exampleReviewCreate,
  exampleReviewSummary,
  providerIdParams,
  providerPath,
} from './examples';

/** The response of GET /api/openapi.json: this document (its outline; the OpenAPI 3.1 schema says the rest). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string().check(z.describe('OpenAPI version, 3.1.x.')),
  info: z.looseObject({ title: z.string(), version: z.string() }).check(z.describe('Title and version of the API.')),
  paths: z.record(z.string(), z.unknown()).check(z.describe('Every path of the API, with its methods.')),
});

const reviewIdParams = z.object({ id: z.string().check(z.describe('Review id.')) });
const photoIdParams = z.object({ id: z.string().check(z.describe('Photo id.')) });
const providerPhotoParams = z.object({ id: z.string().check(z.describe('Provider id.')), photoId: z.string().check(z.describe('Photo id.')) });
const ownerPhoto: Payload = { schema: ownerPhotoSchema, name: 'OwnerPhoto', example: { ...examplePhoto, hidden: false } };
const replyIdParams = z.object({ id: z.string().check(z.describe("Id of a business's response to a review.")) });
const providerSlugParams = z.object({ slug: z.string().check(z.describe("Provider slug, the last segment of the provider's page URL.")) });

const provider: Payload = { schema: providerSchema, name: 'Provider', example: exampleProvider };
/** GET /api/providers/by-slug: the provider and what its page says of time requests (docs/requests.md). */
const providerPage: Payload = {
  schema: z.extend(providerSchema, {
    takesRequests: z.boolean().check(z.describe('Whether the page offers "Request a time" (claimed, vetted, its owner said yes).')),
    bookingUrl: z.nullable(z.string()).check(z.describe('The owner\'s "Book online" link (https), or null.')),
    replyTime: replyTimeSchema,
  }),
  name: 'ProviderPage',
  example: { ...exampleProvider, takesRequests: true, bookingUrl: null, replyTime: { medianHours: 3.5, replyRate: 0.9, requests: 12 } },
};
const providerList: Payload = { ...provider, list: true, example: [exampleProvider] };
const searchResults: Payload = { schema: searchResultSchema, name: 'SearchResult', list: true, example: [{ ...exampleProvider, distanceMiles: 1.2 }] };
const review: Payload = { schema: reviewSchema, name: 'Review', example: exampleReview };
const exampleListingEdit = {
  description: exampleProvider.description,
  phone: exampleProvider.phone,
  email: exampleProvider.email,
  website: exampleProvider.website,
  services: JSON.parse(exampleProvider.services) as string[],
  openingHours: JSON.parse(exampleProvider.openingHours) as Record<string, string>,
  menu: JSON.parse(exampleProvider.menu ?? '[]') as unknown[],
  status: 'temporarily_closed',
  closedUntil: '2026-12-01',
};
const ownerListing: Payload = {
  schema: ownerListingSchema,
  name: 'OwnerListing',
  example: {
    ...exampleListingEdit,
    id: exampleProvider.id,
    name: exampleProvider.name,
    slug: exampleProvider.slug,
    address: `${exampleProvider.address}, ${exampleProvider.city}, ${exampleProvider.state} ${exampleProvider.zipCode}`,
    ownerUpdatedAt: '2026-11-23T10:30:00.000Z',
    source: null,
  },
};
const ownerFacets: Payload = { schema: ownerFacetsSchema, name: 'OwnerFacets', example: { facets: exampleFacets, identityAllowed: true } };
const reply: Payload = { schema: replySchema, name: 'Reply', example: exampleReview.reply };
const replyReportSchema = z.object({
  id: z.string().check(z.describe('Report id.')),
  replyId: z.string().check(z.describe('Id of the reported response.')),
  reason: z.string().check(z.describe('The reason given.')),
  details: z.nullable(z.string()).check(z.describe('The details given, or null.')),
  createdAt: z.string().check(z.describe('When the report was received, ISO 8601 in UTC.')),
});
const ownerSession: Payload = {
  schema: ownerSessionSchema,
  name: 'OwnerSession',
  example: { email: 'lacquerandlace@example.com', listings: [{ id: exampleProvider.id, name: exampleProvider.name, slug: exampleProvider.slug }] },
};

export const GLOW_API: ApiDescription = {
  info: {
    title: `${SITE.name} API`,
    version: '1.0.0',
    description:
      'A public directory of US beauty services: list and search providers, read and post reviews, list a business. JSON in and out (UTF-8). ' +
      'Errors are JSON `{ error, issues: [{ path, message }] }`; lists come in pages (`limit`, `offset`) with the total in `X-Total-Count`.',
  },
  servers: [{ url: SITE_URL, description: 'Production' }],
  tags: [
    { name: 'Providers', description: 'Beauty businesses listed in the directory.' },
    { name: 'Search', description: 'Finding providers by text, service, location, price and rating.' },
    { name: 'Reviews', description: 'Customer reviews of a provider, and reports of reviews to the moderators.' },
    { name: 'Owners', description: 'Business owners: passwordless sign-in, claiming a listing and keeping it true (docs/owners.md).' },
    { name: 'Photos', description: 'Photos of a listing, chosen by its owner; reports of photos to the moderators.' },
    OPERATOR_TAG,
    { name: 'Insights', description: 'What a listing brought in, counted without cookies, for its owner (docs/insights.md).' },
    { name: 'Requests', description: 'Time requests: a shopper asks, the business confirms by email link or in /business (docs/requests.md).' },
    { name: 'Meta', description: 'This document.' },
  ],
  headers: {
    'X-Total-Count': z.int().check(z.minimum(0), z.describe('How many results match in all, across every page.')),
    Allow: z.string().check(z.describe('The methods this path answers, e.g. "GET, HEAD, OPTIONS".')),
    'X-Corrected-Query': z
      .optional(z.string())
      .check(
        z.describe(
          'Present when the search found nothing as typed and a corrected spelling was searched instead: the corrected parameters as query text, e.g. `location=Chicago`.',
        ),
      ),
    'Server-Timing': z
      .string()
      .check(
        z.describe(
          'Which search plan answered, e.g. `plan;desc="place:walk"` (docs/search.md "Plans"): for reading a slow answer, not a contract; plan names may change.',
        ),
      ),
    'X-Place': z
      .optional(z.string())
      .check(
        z.describe(
          'Present when `location` was read as a place (and `near` was not given): its name, e.g. `60614`, `Evanston, IL`, `Brooklyn, NY`, `Cook County, IL`, `Illinois` (ASCII; accents taken off).',
        ),
      ),
    'X-Place-Kind': z
      .optional(z.enum(['zip', 'city', 'neighbourhood', 'county', 'state']))
      .check(z.describe('With X-Place: what kind of place it is. A borough is a `city` (the ZIP dataset names it as its ZIP codes’ city).')),
    'X-Place-Within': z.optional(z.string()).check(z.describe('With a ZIP code or a neighbourhood: the town it lies in, e.g. `Chicago, IL`.')),
    'X-Place-Count': z
      .optional(z.int().check(z.minimum(0)))
      .check(
        z.describe(
          'With X-Place: how many results are in the place itself (its city, ZIP code or state; a county has none, it is searched by radius). They come first; the rest of `X-Total-Count` is nearby.',
        ),
      ),
    'X-Radius-Miles': z
      .optional(z.int().check(z.minimum(1), z.maximum(MAX_NEARBY_MILES)))
      .check(
        z.describe(
          `Present when the place alone did not fill the page: the nearby results that follow lie within this many miles of the place's point (a ZIP code or town: 10, a city: its extent plus 10, widened to 25 and then ${MAX_NEARBY_MILES}, never more).`,
        ),
      ),
    'X-Nearest-City': z
      .optional(z.string())
      .check(
        z.describe(`Present when nothing matched within ${MAX_NEARBY_MILES} miles of the place: the nearest city that has providers, e.g. \`Chicago, IL\`.`),
      ),
    'Retry-After': z.int().check(z.minimum(0), z.describe('Seconds to wait before trying again.')),
  },
  errors: {
    401: { description: 'No session: sign in with a code sent to the business email first.', example: exampleErrors[401] },
    403: {
      description:
        'Refused: the request came from another site (its `Origin`), the account does not manage this listing (or is not an operator), or too many wrong codes.',
      example: exampleErrors[403],
    },
    400: { description: 'Invalid parameters or body (malformed JSON included); `issues` names each invalid field.', example: exampleErrors[400] },
    404: { description: 'No such provider (or, for a report, no such review); a listing removed by moderators counts as none.', example: exampleErrors[404] },
    405: { description: 'Method not allowed on this path; `Allow` lists those that are.', example: exampleErrors[405], headers: ['Allow'] },
    409: { description: 'The same business is already listed at the same address.', example: exampleErrors[409] },
    413: { description: `Request body over ${LIMITS.maxBodyBytes / 1024} KB; refused before it is read.`, example: exampleErrors[413] },
    415: { description: 'Request body is not JSON (`Content-Type: application/json` is required).', example: exampleErrors[415] },
    429: {
      description: 'Too many submissions from this network; try again after `Retry-After` seconds.',
      example: exampleErrors[429],
      headers: ['Retry-After'],
    },
    503: { description: 'The database cannot be reached; try again after `Retry-After` seconds.', example: exampleErrors[503], headers: ['Retry-After'] },
  },
  endpoints: [
    ...insightsEndpoints,
    ...requestEndpoints,
    {
      method: 'get',
      path: '/api/providers',
      operationId: 'listProviders',
      tag: 'Providers',
      summary: 'List providers, one page at a time',
      description: 'Promoted providers first, then by rating, review count and name.',
      query: pageParamsSchema,
      paramExamples: { limit: '20', offset: '40' },
      responses: [{ status: 200, description: 'One page of providers.', body: providerList, headers: ['X-Total-Count'] }],
      errors: [400, 405, 503],
    },
    {
      method: 'post',
      path: '/api/providers',
      operationId: 'createProvider',
      tag: 'Providers',
      summary: 'List a business',
      description:
        'Validated with the rules of the List Your Business form. A new listing is never promoted and always open, whatever is sent; ' +
        'its slug is made unique (a city or number suffix). Its email is sent a sign-in code with a link to /business?claim={id}&email={email}; ' +
        'entering it there (POST /api/owners/sign-in with providerId) claims the listing for its applicant (docs/owners.md "New listings"). ' +
        'It is not vetted until its owner confirms the emailed code or a moderator approves it: ' +
        'until then it is left out of suggestions, featured lists and the sitemap, and its page is noindex. ' +
        'A listing with the name and city (or name and phone) of an existing one is held for a moderator instead (202). Rate-limited per network.',
      body: { schema: providerCreateSchema, name: 'ProviderCreate', example: exampleProviderCreate },
      responses: [
        { status: 201, description: 'The new listing.', body: provider },
        {
          status: 202,
          description: 'Held for a moderator: it looks like a listing already on Glow. Nothing is published yet.',
          body: {
            schema: heldListingSchema,
            name: 'HeldListing',
            example: { id: '7d0c6f1e-2b8a-4c57-9e3d-1a2b3c4d5e6f', status: 'held', message: HELD_MESSAGE },
          },
        },
      ],
      errors: [400, 405, 409, 413, 415, 429, 503],
    },
    {
      method: 'get',
      path: '/api/search',
      operationId: 'searchProviders',
      tag: 'Search',
      summary: 'Search providers',
      description:
        'All given criteria must match. By default in the order of the list: promoted first, then rating, review count and name (`sort` changes it). ' +
        'Listings their business marked permanently closed are never in the results (their page stays); temporarily closed ones are, with their `status`, but never with `openNow=true`. ' +
        'When nothing matches and a word of `query`, `service` or `location` matches no word in the directory, the closest spelling that does is searched instead, and `X-Corrected-Query` says so. ' +
        'A `location` that names a place (a ZIP code, a town or borough with or without its state, a county, a state) is searched as a place on the map: the providers in it first, then, when they do not fill the page, ' +
        `the nearest around it within a radius that widens up to ${MAX_NEARBY_MILES} miles, each with \`distanceMiles\`; the X-Place headers say what was searched. \`sort=distance\` measures from the place's point.`,
      query: searchParamsSchema,
      paramExamples: {
        query: 'gel',
        service: 'Nail Salon',
        location: 'New York, NY',
        priceRange: '$$',
        rating: '4',
        openNow: 'true',
        near: '40.7255,-73.9983',
        radius: '10',
        sort: 'distance',
        limit: '20',
        offset: '0',
      },
      responses: [
        {
          status: 200,
          description: 'One page of matching providers.',
          body: searchResults,
          headers: [
            'X-Total-Count',
            'X-Corrected-Query',
            'X-Place',
            'X-Place-Kind',
            'X-Place-Within',
            'X-Place-Count',
            'X-Radius-Miles',
            'X-Nearest-City',
            'Server-Timing',
          ],
        },
      ],
      errors: [400, 405, 503],
    },
    {
      method: 'get',
      path: '/api/providers/by-slug/{slug}',
      operationId: 'getProviderBySlug',
      tag: 'Providers',
      summary: 'One provider by its slug',
      pathParams: providerSlugParams,
      paramExamples: { slug: exampleProvider.slug },
      responses: [{ status: 200, description: 'The provider, with whether it takes time requests and its reply time.', body: providerPage }],
      errors: [404, 405, 503],
    },
    {
      method: 'get',
      path: '/api/providers/{id}/reviews',
      operationId: 'listProviderReviews',
      tag: 'Reviews',
      summary: "A provider's published reviews, one page at a time",
      description: 'Newest first by default, or by rating; reviews hidden by moderators are left out.',
      pathParams: providerIdParams,
      query: reviewListParamsSchema,
      paramExamples: { id: exampleProvider.id, sort: 'highest', limit: '10', offset: '0' },
      responses: [{ status: 200, description: 'One page of reviews.', body: { ...review, list: true, example: [exampleReview] }, headers: ['X-Total-Count'] }],
      errors: [400, 404, 405, 503],
    },
    {
      method: 'get',
      path: '/api/providers/{id}/reviews/summary',
      operationId: 'getProviderReviewSummary',
      tag: 'Reviews',
      summary: "A provider's rating breakdown",
      description: 'Published reviews per star rating, their number and mean.',
      ...providerPath,
      responses: [{ status: 200, description: 'The breakdown.', body: { schema: reviewSummarySchema, name: 'ReviewSummary', example: exampleReviewSummary } }],
      errors: [404, 405, 503],
    },
    {
      method: 'post',
      path: '/api/reviews/{id}/reports',
      operationId: 'reportReview',
      tag: 'Reviews',
      summary: 'Report a review to the moderators',
      description:
        'Queues the review for a person to check against the review guidelines (/review-guidelines). A report never hides or changes the review by itself. ' +
        'One report of a review per network (409 for a second). Rate-limited per network.',
      pathParams: reviewIdParams,
      paramExamples: { id: exampleReview.id },
      body: { schema: reportCreateSchema, name: 'ReportCreate', example: exampleReportCreate },
      responses: [{ status: 201, description: 'The report was received.', body: { schema: reportSchema, name: 'Report', example: exampleReport } }],
      errors: [400, 404, 405, 409, 413, 415, 429, 503],
    },
    {
      method: 'get',
      path: '/api/providers/{id}/photos',
      operationId: 'listProviderPhotos',
      tag: 'Photos',
      summary: "A provider's photos",
      description:
        'The visible photos of a listing, cover first, then in the order its owner chose; photos hidden by moderators are left out. ' +
        'Each `url` is the cleaned picture; request it resized through the Image CDN: `/.netlify/images?url={url}&w=640&fm=webp`.',
      ...providerPath,
      responses: [
        { status: 200, description: 'The photos, possibly none.', body: { schema: photoSchema, name: 'Photo', list: true, example: [examplePhoto] } },
      ],
      errors: [404, 405, 503],
    },
    {
      method: 'post',
      path: '/api/providers/{id}/photos',
      operationId: 'uploadProviderPhoto',
      tag: 'Photos',
      summary: 'Add a photo to a listing (its owner)',
      description:
        `The signed-in owner of the listing sends one picture as multipart/form-data, at most ${PHOTO_LIMITS.maxUploadBytes / 1_000_000} MB (413 past it; the dashboard scales photos down first). ` +
        `Only JPEG, PNG, WebP and AVIF are taken, recognised by their bytes; at most ${PHOTO_LIMITS.maxPixels / 1_000_000} megapixels (413), read from the header before decoding. ` +
        `The picture is re-encoded without metadata (no EXIF or GPS), its orientation applied, and stored under a hash of its bytes; the same picture again answers 200 with the photo already there. ` +
        `At most ${PHOTO_LIMITS.perListing} photos per listing (409). The first photo becomes the cover. A refused upload stores nothing.`,
      ...providerPath,
      upload: {
        fields: { schema: photoUploadSchema, example: { alt: examplePhoto.alt, category: 'work' } },
        file: { name: 'file', description: 'The picture: JPEG, PNG, WebP or AVIF.', mediaTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] },
      },
      responses: [
        {
          status: 201,
          description: 'The new photo.',
          body: { schema: photoUploadResultSchema, name: 'PhotoUploadResult', example: { photo: examplePhoto, duplicate: false } },
        },
        {
          status: 200,
          description: 'The listing already had this picture; nothing new was stored.',
          body: { schema: photoUploadResultSchema, name: 'PhotoUploadResult', example: { photo: examplePhoto, duplicate: true } },
        },
      ],
      errors: [400, 401, 403, 404, 405, 409, 413, 415, 429, 503],
      session: true,
    },
    {
      method: 'put',
      path: '/api/providers/{id}/photos/{photoId}',
      operationId: 'updateProviderPhoto',
      tag: 'Photos',
      summary: "Change a photo's alt text or category, or make it the cover (its owner)",
      pathParams: providerPhotoParams,
      paramExamples: { id: exampleProvider.id, photoId: examplePhoto.id },
      body: { schema: photoUpdateSchema, name: 'PhotoUpdate', example: { alt: 'Chrome French tips on almond nails', isCover: true } },
      responses: [{ status: 200, description: 'The photo as changed.', body: ownerPhoto }],
      errors: [400, 401, 403, 404, 405, 413, 415, 429, 503],
      session: true,
    },
    {
      method: 'delete',
      path: '/api/providers/{id}/photos/{photoId}',
      operationId: 'deleteProviderPhoto',
      tag: 'Photos',
      summary: 'Delete a photo (its owner)',
      description:
        'Removes the photo from every page at once (the CDN copies are purged) and its bytes unless another listing holds the same picture. A deleted cover passes to the next photo.',
      pathParams: providerPhotoParams,
      paramExamples: { id: exampleProvider.id, photoId: examplePhoto.id },
      responses: [{ status: 204, description: 'Deleted.' }],
      errors: [401, 403, 404, 405, 429, 503],
      session: true,
    },
    {
      method: 'get',
      path: '/api/providers/{id}/photo-order',
      operationId: 'listOwnerPhotos',
      tag: 'Photos',
      summary: "Every photo of a listing in its order, hidden ones marked (its owner's dashboard)",
      ...providerPath,
      responses: [{ status: 200, description: "The listing's photos.", body: { ...ownerPhoto, list: true, example: [{ ...examplePhoto, hidden: false }] } }],
      errors: [401, 403, 405, 503],
      session: true,
    },
    {
      method: 'put',
      path: '/api/providers/{id}/photo-order',
      operationId: 'orderProviderPhotos',
      tag: 'Photos',
      summary: "Put a listing's photos in order (its owner)",
      description: 'Lists every photo id of the listing once, first shown first (409 when the list does not match the listing’s photos).',
      ...providerPath,
      body: { schema: photoOrderSchema, name: 'PhotoOrder', example: { ids: [examplePhoto.id] } },
      responses: [
        {
          status: 200,
          description: "The listing's photos in their new order.",
          body: { ...ownerPhoto, list: true, example: [{ ...examplePhoto, hidden: false }] },
        },
      ],
      errors: [400, 401, 403, 405, 409, 413, 415, 429, 503],
      session: true,
    },
    {
      method: 'post',
      path: '/api/photos/{id}/reports',
      operationId: 'reportPhoto',
      tag: 'Photos',
      summary: 'Report a photo to the moderators',
      description:
        'Queues the photo for a person to check. A report never hides the photo by itself. One report of a photo per network (409 for a second). Rate-limited per network, with the review reports.',
      pathParams: photoIdParams,
      paramExamples: { id: examplePhoto.id },
      body: { schema: reportCreateSchema, name: 'ReportCreate', example: exampleReportCreate },
      responses: [
        {
          status: 201,
          description: 'The report was received.',
          body: { schema: photoReportSchema, name: 'PhotoReport', example: examplePhotoReport },
        },
      ],
      errors: [400, 404, 405, 409, 413, 415, 429, 503],
    },
    {
      method: 'post',
      path: '/api/reviews',
      operationId: 'createReview',
      tag: 'Reviews',
      summary: 'Post a review',
      description:
        "Updates the provider's rating (mean, one decimal) and review count in the same transaction. " +
        'The same review posted again within minutes (a double click, a retry; names and text compared without case, width or invisible characters) is stored once and answered with 200. ' +
        'At most three reviews of one provider per network a day (429 after). Rate-limited per network.',
      body: { schema: reviewCreateSchema, name: 'ReviewCreate', example: exampleReviewCreate },
      responses: [
        { status: 201, description: 'The new review.', body: review },
        { status: 200, description: 'The same review was posted moments ago; it is stored once.', body: review },
      ],
      errors: [400, 404, 405, 413, 415, 429, 503],
    },
    {
      method: 'get',
      path: '/api/suggest',
      operationId: 'suggest',
      tag: 'Search',
      summary: 'Suggestions for the search form',
      description:
        'Cities and services whose name starts with `q`, or nearly does (a typo or two from four letters on), from listings search lists (none permanently closed). Cached at the CDN for five minutes.',
      query: suggestParamsSchema,
      paramExamples: { q: 'chic' },
      responses: [
        {
          status: 200,
          description: 'At most eight locations and eight services.',
          body: {
            schema: suggestionsSchema,
            name: 'Suggestions',
            example: { locations: [{ label: 'Chicago, IL', value: 'Chicago, IL' }], services: [{ label: 'Nail Salon', value: 'Nail Salon' }] },
          },
        },
      ],
      errors: [400, 405, 503],
    },
    {
      method: 'post',
      path: '/api/owners/code',
      operationId: 'requestOwnerCode',
      tag: 'Owners',
      summary: 'Email a 6-digit sign-in code',
      description:
        'With `providerId`, to claim that listing: only its listed email or an address at its website’s domain (never a free-mail or platform domain) gets a code (400 names them). ' +
        'Without it, to sign in to the dashboard: only an address that manages a listing gets one, but every address gets the same 202, so the answer never tells ' +
        'whether an address manages a listing. The code works once, for 10 minutes, with at most 5 attempts; asking again replaces it. Needs an `Origin` header naming this site. ' +
        'Rate-limited per network (not for an owner signed in as this address) and per email address (codes actually sent); 503 where no mail server is configured.',
      body: { schema: codeRequestSchema, name: 'OwnerCodeRequest', example: { email: 'lacquerandlace@example.com', providerId: exampleProvider.id } },
      responses: [
        {
          status: 202,
          description: 'The code is on its way.',
          body: { schema: codeSentSchema, name: 'OwnerCodeSent', example: { sent: true, email: 'lacquerandlace@example.com', expiresInMinutes: 10 } },
        },
      ],
      errors: [400, 403, 404, 405, 409, 413, 415, 429, 503],
    },
    {
      method: 'post',
      path: '/api/owners/sign-in',
      operationId: 'signInOwner',
      tag: 'Owners',
      summary: 'Enter the emailed code: sign in, and claim the listing',
      description:
        'Sets the session cookie (`glow.session_token`: HttpOnly, SameSite=Lax, Secure except on plain-http localhost). With `providerId`, the listing is ' +
        'tied to this account and recorded in the audit; it shows "Verified business" once the listing is vetted (docs/owners.md). A wrong code is 400; a used, replaced or expired code is 400 with its own message; ' +
        'entries for one email address from one network are limited (429) before a code’s 5 attempts run out. Needs an `Origin` header naming this site.',
      body: { schema: signInSchema, name: 'OwnerSignIn', example: { email: 'lacquerandlace@example.com', code: '493027', providerId: exampleProvider.id } },
      responses: [{ status: 200, description: 'Signed in.', body: ownerSession }],
      errors: [400, 403, 404, 405, 409, 413, 415, 429, 503],
    },
    {
      method: 'get',
      path: '/api/owners/session',
      operationId: 'getOwnerSession',
      tag: 'Owners',
      summary: 'Who is signed in, and the listings they manage',
      session: true,
      responses: [{ status: 200, description: 'The signed-in owner.', body: ownerSession }],
      errors: [401, 405, 503],
    },
    {
      method: 'delete',
      path: '/api/owners/session',
      operationId: 'signOutOwner',
      tag: 'Owners',
      summary: 'Sign out, here or everywhere',
      description:
        'Ends the session in the database and clears its cookie. Signing out without a session is not an error. With `everywhere=true`, every session of ' +
        'the account ends (better-auth’s own revocation), on every device; that needs a session. Needs an `Origin` header naming this site.',
      query: signOutParamsSchema,
      session: true,
      responses: [{ status: 204, description: 'Signed out.' }],
      errors: [400, 401, 403, 405, 503],
    },
    {
      method: 'get',
      path: '/api/owners/listings/{id}',
      operationId: 'getOwnerListing',
      tag: 'Owners',
      summary: 'A listing as its owner edits it',
      session: true,
      ...providerPath,
      responses: [{ status: 200, description: 'The listing.', body: ownerListing }],
      errors: [400, 401, 403, 404, 405, 503],
    },
    {
      method: 'put',
      path: '/api/owners/listings/{id}',
      operationId: 'editOwnerListing',
      tag: 'Owners',
      summary: "Save the owner's edit of their listing",
      description:
        'Description, phone, email, website, services, hours per day, menu and status (name and address go through support), validated with the rules of the ' +
        'other forms. Saved in one transaction with an audit row (who, when, the changed fields before and after); the page then says "Updated by the business on {date}" ' +
        'and its CDN copies, searches and the provider sitemap are purged. Needs the owner’s session and an `Origin` header naming this site.',
      session: true,
      ...providerPath,
      body: { schema: listingEditSchema, name: 'OwnerListingEdit', example: exampleListingEdit },
      responses: [{ status: 200, description: 'The listing as saved.', body: ownerListing }],
      errors: [400, 401, 403, 404, 405, 413, 415, 429, 503],
    },
    {
      method: 'get',
      path: '/api/owners/listings/{id}/facets',
      operationId: 'getOwnerFacets',
      tag: 'Owners',
      summary: "A listing's facets as its owner edits them",
      description:
        'Walk-ins, accessibility, languages, payment, kids, parking and identity labels (docs/facets.md), and whether this owner may set identity labels.',
      session: true,
      ...providerPath,
      responses: [{ status: 200, description: 'The facets.', body: ownerFacets }],
      errors: [400, 401, 403, 404, 405, 503],
    },
    {
      method: 'put',
      path: '/api/owners/listings/{id}/facets',
      operationId: 'editOwnerFacets',
      tag: 'Owners',
      summary: "Save the owner's facets of their listing",
      description:
        'Every group at once; an empty list says nothing (the page shows nothing, never "no"). Identity labels ("The business identifies as …") only by the owner of a ' +
        'verified listing: 403 otherwise, and nothing saved. Saved in one transaction with an audit row; the page and searches are purged. Needs the owner’s session and ' +
        'an `Origin` header naming this site.',
      session: true,
      ...providerPath,
      body: { schema: facetsSchema, name: 'Facets', example: exampleFacets },
      responses: [{ status: 200, description: 'The facets as saved.', body: ownerFacets }],
      errors: [400, 401, 403, 404, 405, 413, 415, 429, 503],
    },
    {
      method: 'post',
      path: '/api/owners/replies',
      operationId: 'createOwnerReply',
      tag: 'Owners',
      summary: 'Respond publicly to a review of your listing',
      description:
        'One response per review (409 for a second: edit the first), 1-1,000 characters, shown under the review as "Response from {business name}" with its date, ' +
        'on the page and in the reviews API. Owners can never hide, edit or delete a review. Needs the listing owner’s session and an `Origin` header naming this site.',
      session: true,
      body: { schema: replyCreateSchema, name: 'OwnerReplyCreate', example: { reviewId: exampleReview.id, body: exampleReview.reply!.body } },
      responses: [{ status: 201, description: 'The response, as published.', body: reply }],
      errors: [400, 401, 403, 404, 405, 409, 413, 415, 429, 503],
    },
    {
      method: 'put',
      path: '/api/owners/replies/{id}',
      operationId: 'editOwnerReply',
      tag: 'Owners',
      summary: 'Edit your response',
      session: true,
      pathParams: replyIdParams,
      paramExamples: { id: exampleReview.reply!.id },
      body: { schema: replyEditSchema, name: 'OwnerReplyEdit', example: { body: exampleReview.reply!.body } },
      responses: [{ status: 200, description: 'The response, as edited.', body: reply }],
      errors: [400, 401, 403, 404, 405, 413, 415, 429, 503],
    },
    {
      method: 'delete',
      path: '/api/owners/replies/{id}',
      operationId: 'deleteOwnerReply',
      tag: 'Owners',
      summary: 'Delete your response',
      session: true,
      pathParams: replyIdParams,
      paramExamples: { id: exampleReview.reply!.id },
      responses: [{ status: 204, description: 'Deleted.' }],
      errors: [400, 401, 403, 404, 405, 429, 503],
    },
    {
      method: 'post',
      path: '/api/replies/{id}/reports',
      operationId: 'reportReply',
      tag: 'Reviews',
      summary: "Report a business's response to the moderators",
      description:
        'As a report of a review: queued for a person to check; it never hides anything by itself, and it stays in the moderators’ queue if the business deletes the response. One report of a response per network (409 for a second). Rate-limited per network.',
      pathParams: replyIdParams,
      paramExamples: { id: exampleReview.reply!.id },
      body: { schema: reportCreateSchema, name: 'ReportCreate', example: exampleReportCreate },
      responses: [
        {
          status: 201,
          description: 'The report was received.',
          body: {
            schema: replyReportSchema,
            name: 'ReplyReport',
            example: {
              id: exampleReport.id,
              replyId: exampleReview.reply!.id,
              reason: exampleReport.reason,
              details: exampleReport.details,
              createdAt: exampleReport.createdAt,
            },
          },
        },
      ],
      errors: [400, 404, 405, 409, 413, 415, 429, 503],
    },
    {
      method: 'get',
      path: '/api/openapi.json',
      operationId: 'getOpenApiDocument',
      tag: 'Meta',
      summary: 'This document (OpenAPI 3.1)',
      responses: [
        {
          status: 200,
          description: 'The OpenAPI 3.1 document of the API.',
          body: { schema: openApiDocumentSchema, example: { openapi: '3.1.0', info: { title: `${SITE.name} API`, version: '1.0.0' }, paths: {} } },
        },
      ],
      errors: [405],
    },
    ...OPERATOR_ENDPOINTS,
  ],
};

/** The document, built once per process (it only changes with the code). */
let built: ReturnType<typeof buildOpenApiDocument> | undefined;
export const glowOpenApiDocument = () => (built ??= buildOpenApiDocument(GLOW_API));

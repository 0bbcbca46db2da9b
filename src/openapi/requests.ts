/** The time-request calls as the OpenAPI document describes them (docs/api.md, docs/requests.md): registered by src/openapi/glowApi.server.ts. */
import type { Endpoint } from './document';
import { exampleProvider, providerPath } from './examples';
import { z } from '../lib/zod';
import { REQUEST_LIMITS, requestNotice } from '../features/requests';
import {
  actionPostSchema,
  actionPreviewSchema,
  actionQuerySchema,
  actionResultSchema,
  ownerActionResultSchema,
  ownerActionSchema,
  ownerRequestsQuerySchema,
  ownerRequestsSchema,
  requestCodeSchema,
  requestCodeSentSchema,
  requestCreatedSchema,
  requestCreateSchema,
  requestOptionsSchema,
  requestSettingsSchema,
  requestSettingsViewSchema,
  type RequestView,
} from '../features/requests/schemas/index';

const requestIdParams = z.object({ id: z.string().check(z.describe('Request id.')) });
const TOKEN = 'Qm9va2luZy1saW5rLXRva2VuLWV4YW1wbGUtMTIzNDU2';
const exampleId = '7b0e2f4a-1c3d-4e5f-8a9b-0c1d2e3f4a5b';

const exampleView: RequestView = {
  id: exampleId,
  providerId: exampleProvider.id,
  businessName: exampleProvider.name,
  service: 'Gel Manicure',
  windows: [
    { date: '2026-12-04', part: 'morning', label: 'Fri, Dec 4, morning' },
    { date: '2026-12-05', part: 'exact', time: '14:30', label: 'Sat, Dec 5, 2:30 PM' },
  ],
  state: 'accepted',
  acceptedStart: '2026-12-04T13:00:00.000Z',
  acceptedLabel: 'Fri, Dec 4, morning',
  createdAt: '2026-11-28T15:02:11.000Z',
};
const ownerView: RequestView = { ...exampleView, shopper: { name: 'Dana Example', email: 'dana@example.com', phone: '(212) 555-0199', note: null } };
const settings = { takesRequests: true, bookingUrl: 'https://book.example.com/lacquer-lace', cancellationPolicy: 'Please cancel at least 24 hours ahead.' };
const settingsPayload = { schema: requestSettingsSchema, name: 'RequestSettingsInput', example: settings };
const settingsView = { schema: requestSettingsViewSchema, name: 'RequestSettings', example: settings };
const LINK_WORDS = `Links are single-use and work for ${REQUEST_LIMITS.linkHours} hours; only their SHA-256 is stored.`;

/** The calls, a row each; what every row shares is added below. */
const REQUEST_CALLS: Omit<Endpoint, 'tag'>[] = [
  {
    method: 'get',
    path: '/api/providers/{id}/request-options',
    operationId: 'getRequestOptions',
    summary: 'What a shopper can ask a listing for: services, open dates, policy, reply time',
    description: `Dates are the listing's own, in the next ${REQUEST_LIMITS.daysAhead} days, closed days left out. A listing that does not take requests answers \`takesRequests: false\` and no dates.`,
    ...providerPath,
    responses: [
      {
        status: 200,
        description: 'The options.',
        body: {
          schema: requestOptionsSchema,
          name: 'RequestOptions',
          example: {
            takesRequests: true,
            claimed: true,
            businessName: exampleProvider.name,
            timeZone: 'America/New_York',
            phone: exampleProvider.phone,
            services: ['Gel Manicure', 'Pedicure'],
            openDates: ['2026-11-28', '2026-11-30'],
            cancellationPolicy: settings.cancellationPolicy,
            replyTime: { medianHours: 3.5, replyRate: 0.9, requests: 12 },
          },
        },
      },
    ],
    errors: [404, 405, 503],
  },
  {
    method: 'post',
    path: '/api/requests/code',
    operationId: 'sendRequestCode',
    summary: 'Email the shopper a 6-digit code that confirms their address',
    description:
      'The same code rules and limits as the owners’ sign-in (docs/owners.md "Codes"): a code works once, for 10 minutes; a newer one replaces it. No account is made. Needs an `Origin` header naming this site.',
    body: { schema: requestCodeSchema, name: 'RequestCode', example: { providerId: exampleProvider.id, email: 'dana@example.com' } },
    responses: [
      {
        status: 202,
        description: 'A code is on its way.',
        body: { schema: requestCodeSentSchema, name: 'RequestCodeSent', example: { sent: true, email: 'dana@example.com' } },
      },
    ],
    errors: [400, 403, 404, 405, 409, 413, 415, 429, 503],
  },
  {
    method: 'post',
    path: '/api/requests',
    operationId: 'createRequest',
    summary: 'Ask a listing for a time',
    description:
      `One to three times; the code from POST /api/requests/code. Limits: ${REQUEST_LIMITS.perEmailPerDay} a day per email address and per client address, a cap per listing, a honeypot (\`website\`). ` +
      'The owner gets an email with a link per time to accept, one to propose another time and one to decline; the shopper gets a receipt. 409 when the listing does not take requests. Needs an `Origin` header naming this site.',
    body: {
      schema: requestCreateSchema,
      name: 'RequestCreate',
      example: {
        providerId: exampleProvider.id,
        service: 'Gel Manicure',
        windows: [{ date: '2026-12-04', part: 'morning' }],
        name: 'Dana Example',
        email: 'dana@example.com',
        phone: '(212) 555-0199',
        note: null,
        code: '123456',
        website: '',
      },
    },
    responses: [
      {
        status: 201,
        description: 'Sent.',
        body: {
          schema: requestCreatedSchema,
          name: 'RequestCreated',
          example: { id: exampleId, state: 'requested', message: requestNotice(exampleProvider.name) },
        },
      },
    ],
    errors: [400, 403, 404, 405, 409, 413, 415, 429, 503],
  },
  {
    method: 'get',
    path: '/api/requests/action',
    operationId: 'previewRequestLink',
    summary: 'What an email link would do (changes nothing)',
    description: `Mail scanners open links, so opening one never changes anything: the page /requests/respond shows this and posts the token. ${LINK_WORDS} A used or expired link says \`usable: false\` with the current state.`,
    query: actionQuerySchema,
    paramExamples: { token: TOKEN },
    responses: [
      {
        status: 200,
        description: 'The link and its request (without the shopper’s details).',
        body: { schema: actionPreviewSchema, name: 'RequestLinkPreview', example: { action: 'accept', windowIndex: 0, usable: false, request: exampleView } },
      },
    ],
    errors: [400, 405, 503],
  },
  {
    method: 'post',
    path: '/api/requests/action',
    operationId: 'useRequestLink',
    summary: 'Do what an email link says, once',
    description: `Accept, propose another time (\`proposedStart\`), decline (\`reason\`), cancel, or the shopper's answer to a proposal. ${LINK_WORDS} A second use changes nothing and answers \`changed: false\` with the current state. Needs an \`Origin\` header naming this site.`,
    body: { schema: actionPostSchema, name: 'RequestLinkUse', example: { token: TOKEN } },
    responses: [
      {
        status: 200,
        description: 'Done, or the current state.',
        body: { schema: actionResultSchema, name: 'RequestLinkResult', example: { changed: true, request: exampleView } },
      },
    ],
    errors: [400, 403, 405, 413, 415, 503],
  },
  {
    method: 'get',
    path: '/api/owners/requests',
    operationId: 'listOwnerRequests',
    summary: "The signed-in owner's requests, newest first, with the shopper's details",
    description: 'Only the owner’s own listings (403 for another’s listing); with `listing`, also that listing’s `replyTime`.',
    session: true,
    query: ownerRequestsQuerySchema,
    paramExamples: { listing: exampleProvider.id, state: 'requested', limit: '20', offset: '0' },
    responses: [
      { status: 200, description: 'One page.', body: { schema: ownerRequestsSchema, name: 'OwnerRequests', example: { items: [ownerView], total: 1 } } },
    ],
    errors: [400, 401, 403, 405, 503],
  },
  {
    method: 'post',
    path: '/api/owners/requests/{id}',
    operationId: 'answerRequest',
    summary: 'Accept, propose another time, decline, cancel, or report a request as spam',
    description:
      'For the owner of the request’s listing (401 without a session, 403 for another account or another `Origin`). 409 when the request has moved on (accepted, cancelled, …); exactly one of two concurrent answers wins. A report puts the request in the operators’ spam queue.',
    session: true,
    pathParams: requestIdParams,
    paramExamples: { id: exampleId },
    body: { schema: ownerActionSchema, name: 'OwnerRequestAction', example: { action: 'accept', windowIndex: 0 } },
    responses: [
      {
        status: 200,
        description: 'The request as it now is.',
        body: { schema: ownerActionResultSchema, name: 'OwnerRequestResult', example: { request: ownerView } },
      },
    ],
    errors: [400, 401, 403, 404, 405, 409, 413, 415, 503],
  },
  {
    method: 'get',
    path: '/api/owners/listings/{id}/requests-settings',
    operationId: 'getRequestSettings',
    summary: 'Whether the listing takes time requests, its "Book online" link and cancellation policy',
    session: true,
    ...providerPath,
    responses: [{ status: 200, description: 'The settings.', body: settingsView }],
    errors: [401, 403, 405, 503],
  },
  {
    method: 'put',
    path: '/api/owners/listings/{id}/requests-settings',
    operationId: 'saveRequestSettings',
    summary: 'Save the request settings of the owner’s listing',
    description: 'Audited. `bookingUrl` must be https. Needs the owner’s session and an `Origin` header naming this site.',
    session: true,
    ...providerPath,
    body: settingsPayload,
    responses: [{ status: 200, description: 'The settings as saved.', body: settingsView }],
    errors: [400, 401, 403, 405, 413, 415, 503],
  },
];

export const requestEndpoints: Endpoint[] = REQUEST_CALLS.map((call) => ({ ...call, tag: 'Requests' }));

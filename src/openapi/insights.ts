/** The insights calls as the OpenAPI document describes them (docs/api.md): registered by src/openapi/glowApi.server.ts. */
import type { Endpoint } from './document';
import { exampleProvider, providerIdParams } from './examples';
import { ADDRESS_LIMIT, PERIOD_DAYS } from '../features/insights';
import { buildReport, reportCsv } from '../features/insights';
import { REPORTED_MEASURES } from '../features/insights';
import { beaconSchema } from '../features/insights/schemas';
import { insightsQuerySchema, insightsReportSchema } from '../features/insights/schemas';
import { monthlyEmailSchema, unsubscribeQuerySchema } from '../features/insights/schemas';

const exampleReport = buildReport('2026-11-28', REPORTED_MEASURES, [
  { day: '2026-11-27', measure: 'view', count: 14 },
  { day: '2026-11-27', measure: 'call', count: 2 },
  { day: '2026-10-20', measure: 'view', count: 9 },
]);

export const insightsEndpoints: Endpoint[] = [
  {
    method: 'post',
    path: '/api/insights/beacon',
    operationId: 'sendInsightsBeacon',
    tag: 'Insights',
    summary: 'Count a view, a search appearance or a click for a listing’s owner',
    description:
      'Sent by the pages with `navigator.sendBeacon` as a form. Counted without cookies: a visitor is a daily key (SHA-256 of a salt that rotates every day and is never stored, ' +
      'the listing, the client address and the user agent); a view or search appearance counts once per visitor and listing a day, a click once per visitor, listing and kind an hour. ' +
      `Requests with \`Sec-GPC: 1\` or \`DNT: 1\`, crawlers, unknown listings and more than ${ADDRESS_LIMIT.max} events from one address in ${ADDRESS_LIMIT.windowSeconds / 60} minutes count nothing, ` +
      'and the answer is the same 204 either way. Needs an `Origin` header naming this site.',
    form: { schema: beaconSchema, name: 'InsightsBeacon', example: { event: 'view', listing: [exampleProvider.id] } },
    responses: [{ status: 204, description: 'Received (counted or not).' }],
    errors: [400, 403, 405, 413],
  },
  {
    method: 'get',
    path: '/api/owners/listings/{id}/insights',
    operationId: 'getListingInsights',
    tag: 'Insights',
    summary: 'What the listing brought in: the last 30 days against the 30 before',
    description: `Per UTC day, for the last ${PERIOD_DAYS} days and the ${PERIOD_DAYS} before. For the listing’s owner only (401 without a session, 403 for another account).`,
    session: true,
    pathParams: providerIdParams,
    query: insightsQuerySchema,
    paramExamples: { id: exampleProvider.id },
    responses: [
      {
        status: 200,
        description: 'The report (`format=json`), or the same as CSV (`format=csv`, sent as an attachment).',
        body: { schema: insightsReportSchema, name: 'InsightsReport', example: exampleReport },
        text: {
          mediaType: 'text/csv',
          description: 'A header row, then one row per day of both periods, one column per measure.',
          example: reportCsv(exampleReport).split('\r\n').slice(0, 3).join('\r\n'),
        },
      },
    ],
    errors: [400, 401, 403, 405, 503],
  },
  {
    method: 'get',
    path: '/api/owners/insights-mail',
    operationId: 'getInsightsMailSetting',
    tag: 'Insights',
    summary: 'Whether the signed-in owner gets the monthly insights email',
    session: true,
    responses: [
      {
        status: 200,
        description: 'The setting (on unless turned off).',
        body: { schema: monthlyEmailSchema, name: 'InsightsMailSetting', example: { monthly: true } },
      },
    ],
    errors: [401, 405, 503],
  },
  {
    method: 'put',
    path: '/api/owners/insights-mail',
    operationId: 'setInsightsMailSetting',
    tag: 'Insights',
    summary: 'Turn the monthly insights email on or off',
    description: 'For the signed-in account (all its listings). Needs the owner’s session and an `Origin` header naming this site.',
    session: true,
    body: { schema: monthlyEmailSchema, name: 'InsightsMailSetting', example: { monthly: false } },
    responses: [
      { status: 200, description: 'The setting as saved.', body: { schema: monthlyEmailSchema, name: 'InsightsMailSetting', example: { monthly: false } } },
    ],
    errors: [400, 401, 403, 405, 413, 415, 503],
  },
  {
    method: 'post',
    path: '/api/insights/unsubscribe',
    operationId: 'unsubscribeInsightsMail',
    tag: 'Insights',
    summary: 'One-click unsubscribe from the monthly insights email (RFC 8058)',
    description:
      'The address of the email’s `List-Unsubscribe` header (with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`). The link’s `t` (an HMAC of the account id under the server secret) ' +
      'stands in for a session, so a mail provider may post it from anywhere; a wrong `t` is 403 and changes nothing. With `from=page` (the form of /business/unsubscribe) the answer is a 303 back to that page.',
    query: unsubscribeQuerySchema,
    paramExamples: { u: 'owner-account-id', t: 'the-proof-from-the-email' },
    responses: [{ status: 200, description: 'Turned off.', body: { schema: monthlyEmailSchema, name: 'InsightsMailSetting', example: { monthly: false } } }],
    errors: [400, 403, 405, 503],
  },
];

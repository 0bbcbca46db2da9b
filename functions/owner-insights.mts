/**
 * GET /api/owners/listings/{id}/insights: the listing's Insights report for its owner only (401
 * without a session, 403 for another account): the last 30 days by day against the 30 before.
 * `?format=csv` answers the same as a CSV download with a header row (docs/insights.md "The view").
 */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { insightsQuerySchema, listingReport, reportCsv } from '../src/features/insights/index.server';
import { requireListingOwner } from '../src/features/owners/index.server';
import { API_HEADERS, json, parseWith, pathParam, route } from '../src/server/http';

export default route({
  async GET(req, context) {
    const id = pathParam(context.params, 'id');
    const { format } = parseWith(insightsQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
    await requireListingOwner(req, id);
    const report = await listingReport(await getDb(), id);
    if (format === 'json') return json(report);
    return new Response(reportCsv(report), {
      headers: {
        ...API_HEADERS,
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="glow-insights-${report.days.at(-1)}.csv"`,
      },
    });
  },
});

export const config: Config = { path: '/api/owners/listings/:id/insights' };

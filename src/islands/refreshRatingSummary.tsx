/**
 * After a visitor posts a review: the provider page's rating line and rating breakdown drawn again
 * from GET /api/providers/{id}/reviews/summary, without a reload. The reviews island loads this
 * module only then, so it adds nothing to the page's JavaScript before interaction; React is
 * already on the page with the island. The page marks the two places: `data-rating-line`,
 * `data-rating-breakdown` (empty and hidden until the first review).
 */
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RatingBreakdown, RatingLine } from '@/components/RatingBreakdown';
import { getJson } from '@/lib/apiClient';
import { formatRating } from '@/features/providers';
import type { ReviewSummary } from '@/features/reviews/schemas';

const roots = new WeakMap<Element, Root>();

function draw(element: Element, content: ReactNode) {
  let root = roots.get(element);
  if (!root) {
    // The server's markup is replaced by the same components, rendered here.
    root = createRoot(element);
    roots.set(element, root);
  }
  root.render(content);
}

export async function refreshRatingSummary(providerId: string): Promise<void> {
  const summary = await getJson<ReviewSummary>(`/api/providers/${encodeURIComponent(providerId)}/reviews/summary`);
  for (const element of document.querySelectorAll<HTMLElement>('[data-rating-line]'))
    draw(element, <RatingLine rating={formatRating(summary.average, summary.count)} reviewCount={summary.count} />);
  for (const element of document.querySelectorAll<HTMLElement>('[data-rating-breakdown]')) {
    element.hidden = summary.count === 0;
    draw(element, summary.count > 0 ? <RatingBreakdown summary={summary} /> : null);
  }
}

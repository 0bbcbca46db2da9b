/**
 * A provider's rating summary: the line under its name (stars, average, "(12 reviews)") and the
 * breakdown of its reviews, one bar per star rating labelled "5 stars: 12". Rendered on the server;
 * after a visitor posts a review the reviews island renders both again from
 * GET /api/providers/{id}/reviews/summary (src/islands/refreshRatingSummary.tsx).
 */
import type { ReviewSummary } from '@/features/reviews/schemas';
import { StarRating } from './StarRating';

const STARS = ['5', '4', '3', '2', '1'] as const;

/** `rating` as the API writes it ("4.8", "0" with no reviews). */
export function RatingLine({ rating, reviewCount }: { rating: string; reviewCount: number }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-gray-800">
      <StarRating rating={rating} size={20} />
      <span className="font-semibold">{rating}</span>
      <span className="text-gray-600">{`(${reviewCount} ${reviewCount === 1 ? 'review' : 'reviews'})`}</span>
    </p>
  );
}

export function RatingBreakdown({ summary }: { summary: ReviewSummary }) {
  return (
    <ul className="space-y-1.5" aria-label="Rating breakdown">
      {STARS.map((star) => {
        const n = summary.counts[star];
        const share = summary.count ? Math.round((n / summary.count) * 100) : 0;
        return (
          <li key={star} className="grid grid-cols-[5.5rem_1fr] items-center gap-3 text-sm text-gray-700">
            <span>{`${star} ${star === '1' ? 'star' : 'stars'}: ${n}`}</span>
            <span className="h-2.5 overflow-hidden rounded-full bg-gray-200" aria-hidden="true">
              <span className="block h-full rounded-full bg-amber-400" style={{ width: `${share}%` }} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}

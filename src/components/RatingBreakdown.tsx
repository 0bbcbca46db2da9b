/** The rating breakdown of a provider page: one bar per star rating, labelled "5 stars: 12" (rendered on the server). */
import type { ReviewSummary } from '@/lib/schemas/reviewList';

const STARS = ['5', '4', '3', '2', '1'] as const;

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

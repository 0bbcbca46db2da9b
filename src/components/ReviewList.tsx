/** A provider's reviews, newest first; the empty state and three skeleton rows. */
import type { Review } from '@/features/reviews/schemas';
import { StarRating } from './StarRating';

export const NO_REVIEWS = 'No reviews yet. Be the first to leave a review!';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** With `onReport`, each review (and each business response, `reply`) has a Report button (the reviews island passes it). */
export function ReviewList({ reviews, onReport }: { reviews: Review[]; onReport?: (review: Review, reply?: boolean) => void }) {
  if (reviews.length === 0) return <p className="rounded-xl bg-gray-50 px-5 py-6 text-center text-gray-700">{NO_REVIEWS}</p>;
  return (
    <ul className="divide-y divide-gray-200" aria-label="Reviews">
      {reviews.map((r) => (
        <li key={r.id} className="py-5">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold text-gray-900">{r.customerName}</p>
            <time dateTime={r.createdAt} className="text-sm text-gray-600">
              {dateFormat.format(new Date(r.createdAt))}
            </time>
          </div>
          <StarRating rating={r.rating} label={`${r.rating} out of 5 stars`} />
          {r.comment && <p className="mt-2 whitespace-pre-line text-gray-700">{r.comment}</p>}
          {onReport && (
            <button
              type="button"
              className="mt-2 text-sm text-gray-600 underline hover:text-brand-700"
              aria-label={`Report review by ${r.customerName}`}
              onClick={() => onReport(r)}
            >
              Report
            </button>
          )}
          {r.reply && (
            <div className="mt-3 border-l-4 border-brand-200 pl-4">
              <p className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold text-gray-900">{`Response from ${r.reply.businessName}`}</span>
                <time dateTime={r.reply.updatedAt} className="text-sm text-gray-600">
                  {dateFormat.format(new Date(r.reply.updatedAt))}
                </time>
              </p>
              <p className="mt-1 whitespace-pre-line text-gray-700">{r.reply.body}</p>
              {onReport && (
                <button
                  type="button"
                  className="mt-2 text-sm text-gray-600 underline hover:text-brand-700"
                  aria-label={`Report response from ${r.reply.businessName}`}
                  onClick={() => onReport(r, true)}
                >
                  Report
                </button>
              )}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

export function ReviewListSkeleton() {
  return (
    <ul aria-busy="true" aria-label="Loading reviews" className="divide-y divide-gray-200">
      {[0, 1, 2].map((i) => (
        <li key={i} data-testid="review-skeleton" className="animate-pulse space-y-2 py-5">
          <div className="h-4 w-1/4 rounded bg-gray-200" />
          <div className="h-4 w-1/5 rounded bg-gray-200" />
          <div className="h-4 w-3/4 rounded bg-gray-200" />
        </li>
      ))}
    </ul>
  );
}

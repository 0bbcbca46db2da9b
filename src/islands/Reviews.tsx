/**
 * Reviews on a provider page: the list the page rendered (paged further with
 * "Show more reviews", re-sorted with the Sort select; three skeleton rows while a new order loads),
 * the empty state, the Write a Review form, and Report on each review (its dialog loads on first use,
 * to keep the page's JavaScript small: docs/architecture.md "Provider pages"). A posted review also redraws the
 * page's rating line and breakdown (refreshRatingSummary, loaded then).
 */
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Honeypot, withHoneypot } from '@/components/Honeypot';
import { ReviewList, ReviewListSkeleton } from '@/components/ReviewList';
import { StarInput } from '@/components/StarInput';
import { getPage, postJson } from '@/lib/apiClient';
import { COMMENT_MAX, REVIEW_SORTS, type ReviewSort } from '@/features/reviews';
import type { Review } from '@/features/reviews/schemas';
import { toast } from '@/stores/toasts';
import { ensureToaster } from './ensureToaster';
import { Field } from './Field';
import { useValidatedForm } from './useValidatedForm';

const EMPTY = { customerName: '', rating: 0, comment: '' };
/** The form's schema (and zod) load when the form opens, not with the page (src/lib/formErrors.ts). */
const loadSchema = () => import('@/features/reviews/schemas');
const ReportDialog = lazy(() => import('./ReportDialog'));
const SORT_LABELS: Record<ReviewSort, string> = { newest: 'Newest first', highest: 'Highest rated', lowest: 'Lowest rated' };

interface Props {
  providerId: string;
  /** The first page, newest first, as the page rendered it. */
  initialReviews?: Review[];
  /** How many published reviews there are in all. */
  total?: number;
  /** Reviews per page (LIMITS.reviewsOnPage). */
  pageSize: number;
}

export default function Reviews({ providerId, initialReviews, total: initialTotal = initialReviews?.length ?? 0, pageSize }: Props) {
  const id = useId();
  const [reviews, setReviews] = useState<Review[] | undefined>(initialReviews);
  const [total, setTotal] = useState(initialTotal);
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [loadingMore, setLoadingMore] = useState(false);
  const [reporting, setReporting] = useState<{ review: Review; reply?: boolean } | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const {
    values: form,
    errors,
    busy: submitting,
    set,
    reset,
    submit,
  } = useValidatedForm(EMPTY, async ({ customerName, rating, comment }) =>
    (await loadSchema()).reviewFormSchema.safeParse({ customerName, rating, comment: comment || null }),
  );
  const [fax, setFax] = useState('');

  const pageUrl = (order: ReviewSort, offset: number) =>
    `/api/providers/${encodeURIComponent(providerId)}/reviews?sort=${order}&limit=${pageSize}&offset=${offset}`;

  /** The first page in the given order (after a sort change or a new review). */
  async function load(order = sort) {
    setReviews(undefined);
    try {
      const { items, total } = await getPage<Review>(pageUrl(order, 0));
      setReviews(items);
      setTotal(total);
      setLoadFailed(false);
    } catch (error) {
      console.error(error);
      setLoadFailed(true);
    }
  }

  async function showMore() {
    setLoadingMore(true);
    try {
      const { items, total } = await getPage<Review>(pageUrl(sort, reviews?.length ?? 0));
      setReviews([...(reviews ?? []), ...items.filter((r) => !reviews?.some((known) => known.id === r.id))]);
      setTotal(total);
    } catch (error) {
      console.error(error);
      toast({ title: 'Failed to load reviews', description: 'Please try again later.', variant: 'destructive' });
    } finally {
      setLoadingMore(false);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per provider; the first page came with the HTML
  useEffect(() => {
    ensureToaster();
    // The page rendered the first reviews; fetch only when it did not.
    if (!initialReviews) void load();
  }, [providerId]);

  function openForm() {
    setOpen(true);
    void loadSchema();
  }
  // The "Write a Review" button is in the HTML before this island hydrates (client:visible): a tap
  // then would be lost, so the page script marks the button and the form opens as soon as it can.
  const writeButton = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration
  useEffect(() => {
    if (writeButton.current?.dataset.tapped) openForm();
  }, []);

  function close() {
    setOpen(false);
    reset();
    setFax('');
  }

  async function send(e: FormEvent) {
    e.preventDefault();
    let posted = false;
    await submit(async (review) => {
      try {
        await postJson('/api/reviews', withHoneypot({ providerId, ...review, comment: review.comment ?? null }, fax));
        toast({ title: 'Review submitted!', description: 'Thank you for your feedback. Your review has been posted.' });
        posted = true;
      } catch (error) {
        console.error('Failed to submit review', error);
        toast({ title: 'Failed to submit review', description: 'Please try again later.', variant: 'destructive' });
      }
    });
    if (posted) {
      close();
      // The rating line and bars outside the island follow the new review (their code loads now).
      void import('./refreshRatingSummary')
        .then(({ refreshRatingSummary }) => refreshRatingSummary(providerId))
        .catch((error) => console.error('Failed to refresh the rating summary', error));
      await load();
    }
  }

  return (
    <div>
      {!open && (
        <button
          ref={writeButton}
          type="button"
          className="btn-primary"
          // A tap before this island has hydrated is kept by the page script (src/scripts/page.ts) and honoured on mount.
          data-tap-before-hydration=""
          onClick={openForm}
        >
          Write a Review
        </button>
      )}
      {open && (
        <form onSubmit={send} noValidate aria-labelledby={`${id}-title`} className="relative space-y-5 rounded-2xl border border-gray-200 bg-gray-50 p-5">
          <Honeypot value={fax} onChange={setFax} />
          <h3 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
            Write a Review
          </h3>
          <div>
            <span id={`${id}-rating`} className="field-label">
              Rating *
            </span>
            <StarInput
              value={form.rating}
              onChange={(rating) => set('rating', rating)}
              labelledBy={`${id}-rating`}
              invalid={!!errors.rating}
              describedBy={errors.rating ? `${id}-rating-error` : undefined}
            />
            {errors.rating && (
              <p id={`${id}-rating-error`} className="field-error">
                {errors.rating}
              </p>
            )}
          </div>
          <Field id={`${id}-name`} label="Your Name *" error={errors.customerName}>
            {(control) => <input {...control} autoComplete="name" value={form.customerName} onChange={(e) => set('customerName', e.target.value)} />}
          </Field>
          <Field
            id={`${id}-comment`}
            label="Your Review (Optional)"
            hint={`${form.comment.length}/${COMMENT_MAX}`}
            hintClassName="mt-1 text-right text-sm text-gray-600"
            error={errors.comment}
          >
            {(control) => (
              <textarea
                {...control}
                rows={4}
                maxLength={COMMENT_MAX}
                value={form.comment}
                onChange={(e) => set('comment', e.target.value.slice(0, COMMENT_MAX))}
              />
            )}
          </Field>
          <p className="text-sm text-gray-700">
            Reviews must describe your own visit and follow our{' '}
            <a href="/review-guidelines" className="text-brand-700 underline">
              review guidelines
            </a>
            .
          </p>
          <div className="flex gap-3">
            <button type="submit" className="btn-primary" disabled={submitting}>
              {submitting ? 'Submitting...' : 'Submit Review'}
            </button>
            <button type="button" className="btn-secondary" onClick={close} disabled={submitting}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {total > 1 && (
        <p className="mt-6">
          <label htmlFor={`${id}-sort`} className="mr-2 text-sm font-medium text-gray-900">
            Sort reviews
          </label>
          <select
            id={`${id}-sort`}
            className="field-input inline-block w-auto py-1.5"
            value={sort}
            onChange={(e) => {
              const order = e.target.value as ReviewSort;
              setSort(order);
              void load(order);
            }}
          >
            {REVIEW_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </p>
      )}
      <div className="mt-6">
        {reviews ? (
          <ReviewList reviews={reviews} onReport={(review, reply) => setReporting({ review, reply })} />
        ) : loadFailed ? (
          <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
            Failed to load reviews. Please try again later.
          </p>
        ) : (
          <ReviewListSkeleton />
        )}
      </div>
      {reviews && reviews.length < total && (
        <button type="button" className="btn-secondary mt-2" onClick={showMore} disabled={loadingMore}>
          {loadingMore ? 'Loading...' : 'Show more reviews'}
        </button>
      )}
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog review={reporting.review} reply={reporting.reply} onClose={() => setReporting(null)} />
        </Suspense>
      )}
    </div>
  );
}

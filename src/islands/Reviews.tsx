/**
 * Reviews on a provider page (SPEC.md §4, §5, §8): the list (refetched once hydrated; three
 * skeleton rows when nothing is known yet), the empty state, and the Write a Review form.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Honeypot, withHoneypot } from '@/components/Honeypot';
import { ReviewList, ReviewListSkeleton } from '@/components/ReviewList';
import { StarInput } from '@/components/StarInput';
import { getJson, postJson } from '@/lib/apiClient';
import { firstIssuePerField } from '@/lib/formErrors';
import type { Review } from '@/lib/schemas/review';
import { toast } from '@/stores/toasts';
import { ensureToaster } from './ensureToaster';

export const COMMENT_MAX = 500;
type Errors = Partial<Record<'customerName' | 'rating' | 'comment', string>>;
const EMPTY = { customerName: '', rating: 0, comment: '' };
/** The form's schema (and zod) load when the form opens, not with the page (src/lib/formErrors.ts). */
const loadSchema = () => import('@/lib/schemas/review');

export default function Reviews({ providerId, initialReviews }: { providerId: string; initialReviews?: Review[] }) {
  const id = useId();
  const [reviews, setReviews] = useState<Review[] | undefined>(initialReviews);
  const [loadFailed, setLoadFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const [fax, setFax] = useState('');

  async function load() {
    try {
      setReviews(await getJson<Review[]>(`/api/providers/${encodeURIComponent(providerId)}/reviews`));
      setLoadFailed(false);
    } catch (error) {
      console.error(error);
      setLoadFailed(true);
    }
  }

  useEffect(() => {
    ensureToaster();
    void load();
  }, [providerId]);

  function close() {
    setOpen(false);
    setForm(EMPTY);
    setErrors({});
    setFax('');
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { reviewFormSchema } = await loadSchema();
    const parsed = reviewFormSchema.safeParse({ customerName: form.customerName, rating: form.rating, comment: form.comment || null });
    if (!parsed.success) {
      setErrors(firstIssuePerField<keyof Errors>(parsed.error.issues));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await postJson('/api/reviews', withHoneypot({ providerId, ...parsed.data, comment: parsed.data.comment ?? null }, fax));
      toast({ title: 'Review submitted!', description: 'Thank you for your feedback. Your review has been posted.' });
      close();
      await load();
    } catch (error) {
      console.error('Failed to submit review', error);
      toast({ title: 'Failed to submit review', description: 'Please try again later.', variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div>
      {!open && (
        <button type="button" className="btn-primary" onClick={() => { setOpen(true); void loadSchema(); }}>
          Write a Review
        </button>
      )}
      {open && (
        <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="relative space-y-5 rounded-2xl border border-gray-200 bg-gray-50 p-5">
          <Honeypot value={fax} onChange={setFax} />
          <h3 id={`${id}-title`} className="text-lg font-semibold text-gray-900">Write a Review</h3>
          <div>
            <span id={`${id}-rating`} className="field-label">Rating *</span>
            <StarInput value={form.rating} onChange={(rating) => setForm({ ...form, rating })} labelledBy={`${id}-rating`} invalid={!!errors.rating} describedBy={errors.rating ? `${id}-rating-error` : undefined} />
            {errors.rating && <p id={`${id}-rating-error`} className="field-error">{errors.rating}</p>}
          </div>
          <div>
            <label htmlFor={`${id}-name`} className="field-label">Your Name *</label>
            <input id={`${id}-name`} className="field-input" autoComplete="name" value={form.customerName} aria-invalid={!!errors.customerName} aria-describedby={errors.customerName ? `${id}-name-error` : undefined} onChange={(e) => setForm({ ...form, customerName: e.target.value })} />
            {errors.customerName && <p id={`${id}-name-error`} className="field-error">{errors.customerName}</p>}
          </div>
          <div>
            <label htmlFor={`${id}-comment`} className="field-label">Your Review (Optional)</label>
            <textarea id={`${id}-comment`} rows={4} maxLength={COMMENT_MAX} className="field-input" value={form.comment} aria-invalid={!!errors.comment} aria-describedby={`${id}-count${errors.comment ? ` ${id}-comment-error` : ''}`} onChange={(e) => setForm({ ...form, comment: e.target.value.slice(0, COMMENT_MAX) })} />
            <p id={`${id}-count`} className="mt-1 text-right text-sm text-gray-600">{form.comment.length}/{COMMENT_MAX}</p>
            {errors.comment && <p id={`${id}-comment-error`} className="field-error">{errors.comment}</p>}
          </div>
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
      <div className="mt-6">
        {reviews ? <ReviewList reviews={reviews} /> : loadFailed ? <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">Failed to load reviews. Please try again later.</p> : <ReviewListSkeleton />}
      </div>
    </div>
  );
}

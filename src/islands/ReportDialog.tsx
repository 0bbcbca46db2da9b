/**
 * The Report dialog of a review or a photo: a reason, optional details, sent to
 * POST /api/reviews/{id}/reports or POST /api/photos/{id}/reports. Loaded on the first Report click
 * (with its schema), so it costs the page nothing before then. A report only asks people to look;
 * the review or photo stays up (docs/moderation.md, docs/photos.md "Moderation"). The site's modal
 * dialog (useModalDialog.ts).
 */
import { useId, type FormEvent } from 'react';
import { postJson } from '@/lib/apiClient';
import { REPORT_DETAILS_MAX, REPORT_REASONS, REPORT_REASON_VALUES } from '@/features/reports';
import type { Review } from '@/features/reviews/schemas';
import { reportCreateSchema } from '@/features/reports/schemas';
import { toast } from '@/stores/toasts';
import { useModalDialog } from './useModalDialog';
import { useValidatedForm } from './useValidatedForm';

export const REPORT_THANKS = 'Thanks, our team will look at this review.';
export const PHOTO_REPORT_THANKS = 'Thanks, our team will look at this photo.';

/**
 * What is reported: a review, the business's response to it (`reply`, POST /api/replies/{id}/reports;
 * docs/owners.md "Replies"), or a photo (its id and alt text).
 */
export type ReportTarget = { review: Review; reply?: boolean; photo?: never } | { photo: { id: string; alt: string }; review?: never; reply?: never };

export default function ReportDialog({ review, reply = false, photo, onClose }: ReportTarget & { onClose: () => void }) {
  const id = useId();
  const { close, dialogProps } = useModalDialog(onClose);
  const { values, errors, busy, set, submit } = useValidatedForm({ reason: '', details: '' }, ({ reason, details }) =>
    reportCreateSchema.safeParse({ reason: reason || undefined, details }),
  );

  async function send(e: FormEvent) {
    e.preventDefault();
    await submit(async (report) => {
      try {
        await postJson(
          review
            ? reply
              ? `/api/replies/${encodeURIComponent(review.reply!.id)}/reports`
              : `/api/reviews/${encodeURIComponent(review.id)}/reports`
            : `/api/photos/${encodeURIComponent(photo.id)}/reports`,
          report,
        );
        toast({ title: review ? REPORT_THANKS : PHOTO_REPORT_THANKS });
        close();
      } catch (error) {
        console.error('Failed to send report', error);
        toast({ title: 'Failed to send report', description: 'Please try again later.', variant: 'destructive' });
      }
    });
  }

  return (
    <dialog {...dialogProps} aria-labelledby={`${id}-title`} className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-2xl bg-white backdrop:bg-gray-900/50">
      <form onSubmit={send} noValidate className="space-y-4 p-6">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
          {review ? (reply ? 'Report this response' : 'Report this review') : 'Report this photo'}
        </h2>
        {review ? (
          <p className="text-sm text-gray-700">
            {reply ? `Response from ${review.reply?.businessName} to the review by ${review.customerName}.` : `Review by ${review.customerName}.`} Reports go to
            our team, who check it against our{' '}
            <a href="/review-guidelines" target="_blank" rel="noopener" className="text-brand-700 underline">
              review guidelines
            </a>
            . A report does not remove anything by itself.
          </p>
        ) : (
          <p className="text-sm text-gray-700">
            Photo: “{photo.alt}”. Reports go to our team, who check the photo against our{' '}
            <a href="/review-guidelines" target="_blank" rel="noopener" className="text-brand-700 underline">
              content guidelines
            </a>
            . A report does not remove a photo by itself.
          </p>
        )}
        <fieldset aria-describedby={errors.reason ? `${id}-reason-error` : undefined}>
          <legend className="field-label">Reason *</legend>
          <div className="mt-1 space-y-2">
            {REPORT_REASON_VALUES.map((value) => (
              <label key={value} className="flex items-start gap-2 text-sm text-gray-800">
                <input type="radio" name="reason" value={value} checked={values.reason === value} onChange={() => set('reason', value)} className="mt-0.5" />
                {REPORT_REASONS[value]}
              </label>
            ))}
          </div>
          {errors.reason && (
            <p id={`${id}-reason-error`} className="field-error">
              {errors.reason}
            </p>
          )}
        </fieldset>
        <div>
          <label htmlFor={`${id}-details`} className="field-label">
            Details (Optional)
          </label>
          <textarea
            id={`${id}-details`}
            rows={3}
            maxLength={REPORT_DETAILS_MAX}
            className="field-input"
            value={values.details}
            aria-describedby={`${id}-count`}
            onChange={(e) => set('details', e.target.value.slice(0, REPORT_DETAILS_MAX))}
          />
          <p id={`${id}-count`} className="mt-1 text-right text-sm text-gray-600">
            {values.details.length}/{REPORT_DETAILS_MAX}
          </p>
          {errors.details && <p className="field-error">{errors.details}</p>}
        </div>
        <div className="flex gap-3">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Sending...' : 'Send report'}
          </button>
          <button type="button" className="btn-secondary" onClick={close} disabled={busy}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}

/**
 * The review and report limits and words that the reviews island shows before its schema loads
 * (src/features/reviews/reviewRules.ts, src/features/reports/reportRules.ts), held against the schemas that check them, and how a rating is
 * written (src/features/providers/rating.ts).
 */
import { describe, expect, it } from 'vitest';
import { formatRating } from '../../src/features/providers/rating';
import { REPORT_DETAILS_MAX, REPORT_REASONS, REPORT_REASON_VALUES } from '../../src/features/reports/reportRules';
import { reportCreateSchema } from '../../src/features/reports/schemas/report';
import { COMMENT_MAX, REVIEW_SORTS } from '../../src/features/reviews/reviewRules';
import { reviewFormSchema } from '../../src/features/reviews/schemas/review';

const review = { customerName: 'Dana', rating: 5 };

describe('review rules', () => {
  it('a comment of COMMENT_MAX characters is taken, one more is refused with the form’s words', () => {
    expect(reviewFormSchema.safeParse({ ...review, comment: 'a'.repeat(COMMENT_MAX) }).success).toBe(true);
    const long = reviewFormSchema.safeParse({ ...review, comment: 'a'.repeat(COMMENT_MAX + 1) });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toBe(`Comment must be less than ${COMMENT_MAX} characters`);
  });

  it('a report takes exactly the reasons the dialog offers, and details up to REPORT_DETAILS_MAX', () => {
    expect(REPORT_REASON_VALUES).toEqual(Object.keys(REPORT_REASONS));
    for (const reason of REPORT_REASON_VALUES) expect(reportCreateSchema.safeParse({ reason }).success).toBe(true);
    expect(reportCreateSchema.safeParse({ reason: 'boring' }).error?.issues[0]?.message).toBe('Please choose a reason');
    expect(reportCreateSchema.safeParse({ reason: 'spam', details: 'd'.repeat(REPORT_DETAILS_MAX) }).success).toBe(true);
    expect(reportCreateSchema.safeParse({ reason: 'spam', details: 'd'.repeat(REPORT_DETAILS_MAX + 1) }).success).toBe(false);
  });

  it('sorts newest first by default', () => {
    expect(REVIEW_SORTS[0]).toBe('newest');
    expect([...REVIEW_SORTS].sort()).toEqual(['highest', 'lowest', 'newest']);
  });
});

describe('formatRating', () => {
  it('writes one decimal, rounded, and "0" while there are no reviews', () => {
    expect(formatRating(4.75, 12)).toBe('4.8');
    expect(formatRating(4.749, 12)).toBe('4.7');
    expect(formatRating(5, 1)).toBe('5.0');
    expect(formatRating(0, 0)).toBe('0');
    expect(formatRating(4.2, 0)).toBe('0');
  });
});

/**
 * How a provider's hours rows carry its categories for the open-now indexes (migrations/0014). The
 * rows are written by providers/copies.server.ts and kept by the migrations' triggers, which spell the column
 * the same way in SQL.
 */

/**
 * A provider's categories as its hours rows carry them: space-separated with a space at each end,
 * so `instr(categories, ' nails ')` finds exactly one category; none is NULL, as in SQL.
 */
export const hoursCategories = (categories: readonly string[]): string | null => (categories.length ? ` ${categories.join(' ')} ` : null);
/** The `instr` needle of `category` in hoursCategories. */
export const hoursCategoryNeedle = (category: string) => hoursCategories([category])!;

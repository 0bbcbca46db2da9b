/** How a provider's rating is written, for the API, the pages and the page that updates its summary after a review. */

/** Rating as decimal text: "4.8", or "0" while there are no reviews. */
export function formatRating(rating: number, reviewCount: number): string {
  return reviewCount > 0 ? (Math.round(rating * 10) / 10).toFixed(1) : '0';
}

/** The /search page's title and count line. */
export function searchTitle({ query, service, location }: { query?: string; service?: string; location?: string }): string {
  if (query) return `Search Results for "${query}"`;
  if (service && location) return `${service} in ${location}`;
  if (service) return `${service} Services`;
  if (location) return `Beauty Services in ${location}`;
  return 'Beauty Services';
}

/** "Found 12 providers in Austin"; a capped total (the API counts up to LIMITS.countedTotal) reads "Found 1,000+ providers". */
export function foundLine(total: number, location?: string, capped = false): string {
  const count = `${total.toLocaleString('en-US')}${capped ? '+' : ''}`;
  return `Found ${count} ${total === 1 && !capped ? 'provider' : 'providers'}${location ? ` in ${location}` : ''}`;
}

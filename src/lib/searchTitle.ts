/** The /search page's title and count line (SPEC.md §2). */
export function searchTitle({ query, service, location }: { query?: string; service?: string; location?: string }): string {
  if (query) return `Search Results for "${query}"`;
  if (service && location) return `${service} in ${location}`;
  if (service) return `${service} Services`;
  if (location) return `Beauty Services in ${location}`;
  return 'Beauty Services';
}

export function foundLine(total: number, location?: string): string {
  return `Found ${total} ${total === 1 ? 'provider' : 'providers'}${location ? ` in ${location}` : ''}`;
}

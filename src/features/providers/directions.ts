/**
 * "Get directions": a maps search for a provider's address. A plain link (opened in a new tab),
 * so the page loads nothing from the maps host (docs/security.md: no third-party origin).
 */
export function directionsUrl({ address, city, state, zipCode }: { address: string; city: string; state: string; zipCode: string }): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${address}, ${city}, ${state} ${zipCode}`)}`;
}

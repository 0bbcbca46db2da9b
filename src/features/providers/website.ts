/**
 * A listing's website (docs/security.md "Listing fields"): refused with credentials, because
 * "https://glow.example.com@evil.example/" opens evil.example while reading as Glow; shown by its
 * host, so what a visitor reads is where the link goes.
 */

/** Whether the URL carries a user name or password before its host. */
export function hasCredentials(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username !== '' || parsed.password !== '';
  } catch {
    return false;
  }
}

/** The host a visitor is taken to ("www.example.com"), or null for no usable http(s) URL. */
export function websiteHost(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (!/^https?:$/.test(parsed.protocol) || parsed.username || parsed.password) return null;
    return parsed.hostname;
  } catch {
    return null;
  }
}

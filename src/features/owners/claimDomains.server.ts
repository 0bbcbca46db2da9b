/**
 * Which domains can prove a listing by an address at its website's domain (docs/owners.md "Claim").
 * A free-mail address (gmail.com, …) or a page on a platform (instagram.com/…, booksy.com/…) is
 * open to anyone who signs up there, so neither ever qualifies. Free-mail providers come from the
 * maintained `free-email-domains` list; the platforms it does not cover are ours, in
 * content/platform-domains.json.
 */
import freeEmailDomains from 'free-email-domains';
import platforms from '../../../content/platform-domains.json' with { type: 'json' };

const OPEN_DOMAINS: ReadonlySet<string> = new Set([...freeEmailDomains, ...platforms.domains].map((d) => d.toLowerCase()));

/**
 * True when anyone can get an address or a page at `domain` or at a domain above it
 * (shop.booksy.com is booksy.com's), so an address there proves nothing.
 */
export function isOpenDomain(domain: string): boolean {
  const labels = domain.toLowerCase().replace(/\.$/, '').split('.');
  return labels.some((_, i) => OPEN_DOMAINS.has(labels.slice(i).join('.')));
}

/**
 * Site paths written in copy ("/contact", "/guides/nail-shapes") as links: an answer that names a
 * page lets the reader open it. Browser-safe (the FAQ accordion is an island).
 */
const PATH = /(^|[\s(])(\/[a-z][a-z0-9-]*(?:\/[a-z0-9-]+)*)/g;

/** The text in parts, each path its own part with `href`. */
export function pathParts(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const m of text.matchAll(PATH)) {
    const start = m.index + m[1]!.length;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: m[2]!, href: m[2]! });
    last = start + m[2]!.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

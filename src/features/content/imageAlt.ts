/**
 * A picture in a guide's Markdown without a description (alt text) fails the build and names the
 * file (docs/editing.md "Pictures"); the editor requires one too. Checked on the Markdown text,
 * since Astro's default Markdown processor takes no remark plugins.
 */

/** The addresses of the Markdown pictures (`![alt](address)`) whose alt text is empty. */
export function picturesWithoutAlt(markdown: string): string[] {
  return [...markdown.matchAll(/!\[([^\]]*)\]\(\s*<?([^)\s>]+)>?[^)]*\)/g)].filter((m) => !m[1]!.trim()).map((m) => m[2]!);
}

/** Throws, naming the file and the pictures, when a picture has no alt text. */
export function requireImageAlt(file: string, markdown: string | undefined): void {
  const missing = picturesWithoutAlt(markdown ?? '');
  if (missing.length)
    throw new Error(`${file}: every picture needs a description (alt text), as in ![What it shows](${missing[0]}); missing for ${missing.join(', ')}`);
}

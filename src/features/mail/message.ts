/** A message as Glow writes it (docs/mail.md): plain text first, the same lines as HTML. */
/** A file sent with a message (a calendar file). */
export interface Attachment {
  /** The name the mail client shows, e.g. `appointment.ics`. */
  filename: string;
  /** MIME type, e.g. `text/calendar; charset=utf-8; method=PUBLISH`. */
  contentType: string;
  /** The file as text. */
  content: string;
}

export interface Message {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: Attachment[];
  /** Further headers, e.g. a one-click unsubscribe's `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058). */
  headers?: Record<string, string>;
}

/**
 * Text someone else typed (a customer's message, a name), made safe to quote in a message: mail
 * clients turn whatever looks like an address into a link, so Glow's mail would carry a stranger's
 * link (docs/mail.md "What mail may quote"). After NFKC (full-width letters and dots fold to ASCII)
 * and without invisible characters, a dot before a letter or digit reads "[.]", "://" reads "[:]//"
 * and "@" reads "[at]": "Visit evil.com", "https://evil.example/x" and "ana@evil.example" stay
 * readable and link nowhere. Use it on every such text in `lines`; a listing is named by its Glow
 * address instead.
 */
export function unlinkable(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    .replace(/[.\u3002\uFF61](?=[\p{L}\p{N}])/gu, '[.]')
    .replace(/:\/\//g, '[:]//')
    .replace(/@/g, '[at]');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A message from its lines: the plain-text part is the lines; in the HTML part each line is a
 * paragraph (escaped) and each address a link (the plain-text part leaves that to the mail client).
 */
export function messageOf(to: string, subject: string, lines: readonly string[], attachments?: Attachment[]): Message {
  const html = lines
    .map((line) => (line ? `<p>${escapeHtml(line).replace(/https?:\/\/[^\s<]*[^\s<.,;:]/g, (url) => `<a href="${url}">${url}</a>`)}</p>` : ''))
    .join('\n');
  return { to, subject, text: lines.join('\n'), html, ...(attachments?.length ? { attachments } : {}) };
}

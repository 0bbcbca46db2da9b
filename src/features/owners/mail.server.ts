/**
 * Mail (docs/owners.md "Email"): over SMTP with nodemailer when SMTP_URL is set. Without it, the
 * local servers (`npm start`, `npm run dev`, which set GLOW_LOCAL_MAIL) print each message and keep
 * it as an `.eml` file in MAIL_OUTBOX; anywhere else a code is refused rather than lost.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '../../env.server';
import { SITE_URL } from '../../server/siteUrl';
import { APPLICATION_FATE, CODE_RULES } from './applicationCopy';

const CODE_MINUTES = CODE_RULES.expiresInSeconds / 60;

/** Why a code was asked for; the message says so, so that its reader knows who asked. */
export type CodePurpose =
  | { kind: 'sign-in' }
  | { kind: 'claim'; businessName: string }
  /** The applicant of a listing from the business popup; `claimUrl` opens /business at the code step (docs/owners.md "New listings"). */
  | { kind: 'new-listing'; businessName: string; claimUrl: string };

export class MailUnavailableError extends Error {
  override name = 'MailUnavailableError';
  constructor() {
    super('Sign-in codes cannot be sent right now: this site has no mail server configured (SMTP_URL). Please contact support.');
  }
}

/** Whether a code can go anywhere at all (checked before one is made). */
export function canSendMail(): boolean {
  const { SMTP_URL, GLOW_LOCAL_MAIL } = env();
  return Boolean(SMTP_URL) || GLOW_LOCAL_MAIL;
}

export interface Message {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The code message: the code in the subject, who asked and why, and what to do if it was not them. */
export function codeMessage(to: string, code: string, purpose: CodePurpose): Message {
  const why =
    purpose.kind === 'claim'
      ? `Someone asked to claim the listing of ${purpose.businessName} on Glow with this email address.`
      : purpose.kind === 'new-listing'
        ? `Someone listed ${purpose.businessName} on Glow and gave this email address.`
        : 'Someone asked to sign in to Glow for businesses with this email address.';
  const lines = [
    why,
    '',
    purpose.kind === 'new-listing'
      ? `Your listing is ${APPLICATION_FATE}. Your code is ${code}. To manage the listing, open ${purpose.claimUrl} and enter the code there. It works once, for ${CODE_MINUTES} minutes.`
      : `Your code is ${code}. Enter it on the Glow page where you asked for it. It works once, for ${CODE_MINUTES} minutes.`,
    '',
    'If this was not you, ignore this email: nothing happens without the code, and your listing stays as it is.',
    `Questions? Contact us at ${SITE_URL}/contact.`,
    '',
    'Glow',
  ];
  // Addresses become links in the HTML part (the plain-text part leaves that to the mail client).
  const html = lines
    .map((line) => (line ? `<p>${escapeHtml(line).replace(/https?:\/\/[^\s<]*[^\s<.,;:]/g, (url) => `<a href="${url}">${url}</a>`)}</p>` : ''))
    .join('\n');
  return { to, subject: `${code} is your Glow code`, text: lines.join('\n'), html };
}

let transport: { url: string; transporter: Transporter } | undefined;

function smtp(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
  return transport.transporter;
}

/** Sends a message over SMTP, or into the local outbox; throws MailUnavailableError when neither is allowed. */
export async function sendMail(message: Message): Promise<void> {
  const { SMTP_URL, MAIL_FROM, GLOW_LOCAL_MAIL, MAIL_OUTBOX } = env();
  const mail = { from: MAIL_FROM, ...message };
  if (SMTP_URL) {
    await smtp(SMTP_URL).sendMail(mail);
    return;
  }
  if (!GLOW_LOCAL_MAIL) throw new MailUnavailableError();
  // The same MIME message SMTP would carry, written where a developer can open it in a mail client.
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(mail);
  await mkdir(MAIL_OUTBOX, { recursive: true });
  const file = join(MAIL_OUTBOX, `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/[^\w.@-]/g, '_')}.eml`);
  await writeFile(file, built.message as Buffer);
  console.log(`[mail] to ${message.to}: ${message.subject}\n${message.text}\n[mail] kept in ${file}`);
}

export async function sendCodeMail({ to, code, purpose }: { to: string; code: string; purpose: CodePurpose }): Promise<void> {
  await sendMail(codeMessage(to, code, purpose));
}

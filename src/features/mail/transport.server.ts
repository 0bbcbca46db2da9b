/**
 * How a message leaves (docs/mail.md "Transport"): over SMTP with nodemailer when SMTP_URL is set.
 * Without it, the local servers (`npm start`, `npm run dev`, which set GLOW_LOCAL_MAIL) print each
 * message and keep it as an `.eml` file in MAIL_OUTBOX; anywhere else sending is refused rather
 * than pretended.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '../../env.server';
import type { Message } from './message';

export class MailUnavailableError extends Error {
  override name = 'MailUnavailableError';
  constructor() {
    super('Sign-in codes cannot be sent right now: this site has no mail server configured (SMTP_URL). Please contact support.');
  }
}

/** Whether a message can go anywhere at all. */
export function canSendMail(): boolean {
  const { SMTP_URL, GLOW_LOCAL_MAIL } = env();
  return Boolean(SMTP_URL) || GLOW_LOCAL_MAIL;
}

let transport: { url: string; transporter: Transporter } | undefined;

function smtp(url: string): Transporter {
  // A short connection timeout: the outbox worker retries later, so waiting long on a dead server only holds it.
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000 }) };
  return transport.transporter;
}

function nodemailerMessage(message: Message) {
  const { MAIL_FROM } = env();
  const { attachments, ...rest } = message;
  return {
    from: MAIL_FROM,
    ...rest,
    ...(attachments?.length ? { attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })) } : {}),
  };
}

/** Sends a message over SMTP, or into the local outbox; throws MailUnavailableError when neither is allowed. */
export async function sendMail(message: Message): Promise<void> {
  const { SMTP_URL, GLOW_LOCAL_MAIL, MAIL_OUTBOX } = env();
  const mail = nodemailerMessage(message);
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

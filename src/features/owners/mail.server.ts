/**
 * Sign-in and claim codes (docs/owners.md "Email"), sent at once through the mail module (docs/mail.md):
 * local servers (`npm start`, `npm run dev`, which set GLOW_LOCAL_MAIL) print each message and keep
 * it as an `.eml` file in MAIL_OUTBOX; anywhere else a code is refused rather than lost.
 */
import { messageOf, sendMail, type Message } from '../mail/index.server';
import { env } from '../../env.server';
import { APPLICATION_FATE, CODE_RULES } from './applicationCopy';

const CODE_MINUTES = CODE_RULES.expiresInSeconds / 60;

export { canSendMail, MailUnavailableError, sendMail, type Message } from '../mail/index.server';

/**
 * A listing as mail names it: its Glow address, never its name. A name is typed by whoever listed the
 * business, and mail goes to an address a stranger may have typed too; "Free gift cards at evil.com"
 * would reach that inbox as Glow's words, and mail clients link what looks like a domain
 * (docs/owners.md "Email").
 */
export const listingAddress = (origin: string, slug: string): string => new URL(`/provider/${encodeURIComponent(slug)}`, origin).toString();

/** Why a code was asked for; the message says so, so that its reader knows who asked. */
export type CodePurpose =
  | { kind: 'sign-in' }
  /** An operator signing in to the console at /operator (docs/moderation.md "Operators"). */
  | { kind: 'operator' }
  /** `listingUrl`: the listing's Glow address (`listingAddress`). */
  | { kind: 'claim'; listingUrl: string }
  /** The applicant of a listing from the business popup; `claimUrl` opens /business at the code step (docs/owners.md "New listings"). */
  | { kind: 'new-listing'; listingUrl: string; claimUrl: string }
  /** A shopper confirming their email before a time request goes to the business (docs/requests.md). */
  | { kind: 'request'; listingUrl: string };

/** The code message: the code in the subject, who asked and why, and what to do if it was not them; no text a stranger typed. */
export function codeMessage(to: string, code: string, purpose: CodePurpose): Message {
  const why =
    purpose.kind === 'claim'
      ? `Someone asked to claim the listing ${purpose.listingUrl} on Glow with this email address.`
      : purpose.kind === 'new-listing'
        ? `Someone listed a business on Glow at ${purpose.listingUrl} and gave this email address.`
        : purpose.kind === 'operator'
          ? 'Someone asked to sign in to Glow’s operator console with this email address.'
          : purpose.kind === 'request'
            ? `Someone is asking the business at ${purpose.listingUrl} for a time on Glow with this email address.`
            : 'Someone asked to sign in to Glow for businesses with this email address.';
  const lines = [
    why,
    '',
    purpose.kind === 'new-listing'
      ? `Your listing is ${APPLICATION_FATE}. Your code is ${code}. To manage the listing, open ${purpose.claimUrl} and enter the code there. It works once, for ${CODE_MINUTES} minutes.`
      : `Your code is ${code}. Enter it on the Glow page where you asked for it. It works once, for ${CODE_MINUTES} minutes.`,
    '',
    purpose.kind === 'request'
      ? 'If this was not you, ignore this email: nothing is sent to the business without the code.'
      : 'If this was not you, ignore this email: nothing happens without the code, and your listing stays as it is.',
    `Questions? Contact us at ${env().SITE_URL}/contact.`,
    '',
    'Glow',
  ];
  return messageOf(to, `${code} is your Glow code`, lines);
}

export async function sendCodeMail({ to, code, purpose }: { to: string; code: string; purpose: CodePurpose }): Promise<void> {
  await sendMail(codeMessage(to, code, purpose));
}

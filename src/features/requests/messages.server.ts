/**
 * The emails of the request loop (docs/requests.md "Mail"): who gets which message at each change.
 * Every one is queued in the outbox in the transaction of its change (docs/mail.md).
 */
import { env } from '../../env.server';
import { messageOf, unlinkable, type Attachment, type QueuedMail } from '../mail/index.server';
import { REQUEST_LIMITS, requestNotice } from './copy';
import type { RequestListing } from './listing.server';

const footer = () => ['', `Questions? Contact us at ${env().SITE_URL.replace(/\/$/, '')}/contact.`, '', 'Glow'];
const address = (l: RequestListing) => `${l.address}, ${l.city}, ${l.state} ${l.zipCode}`;

const mail = (kind: string, to: string, subject: string, lines: string[], attachments?: Attachment[], dedupeKey?: string): QueuedMail => ({
  kind,
  ...messageOf(to, subject, [...lines, ...footer()], attachments),
  ...(dedupeKey ? { dedupeKey } : {}),
});

export interface Shopper {
  name: string;
  email: string;
  phone: string | null;
  note: string | null;
}

/** To the owner: a new request, with a link per time to accept, one to propose another, one to decline. */
export function newRequestMail(
  listing: RequestListing,
  shopper: Shopper,
  service: string,
  windows: { label: string; acceptLink: string }[],
  links: { propose: string; decline: string; dashboard: string },
): QueuedMail {
  return mail('request-new', listing.ownerEmail!, `Time request: ${service}`, [
    // The shopper's own words reach the business unlinkable (docs/mail.md "What mail may quote"); their
    // address is the one they confirmed with a code, and the service is one of the listing's own.
    `${unlinkable(shopper.name)} asks ${listing.name} for a time on Glow.`,
    '',
    `Service: ${service}`,
    ...windows.map((w, i) => `Time ${i + 1}: ${w.label} (${listing.timeZone}). Accept: ${w.acceptLink}`),
    '',
    `Propose another time: ${links.propose}`,
    `Decline: ${links.decline}`,
    '',
    `Email: ${shopper.email}`,
    ...(shopper.phone ? [`Phone: ${shopper.phone}`] : []),
    ...(shopper.note ? [`Note: ${unlinkable(shopper.note)}`] : []),
    '',
    `Each link works once, for ${REQUEST_LIMITS.linkHours} hours. Without an answer within ${REQUEST_LIMITS.answerHours} hours the request expires.`,
    `All your requests: ${links.dashboard}`,
  ]);
}

/** To the shopper: what they sent, that it is only a request, and how to cancel. */
export function receiptMail(listing: RequestListing, to: string, service: string, labels: string[], cancelLink: string): QueuedMail {
  return mail('request-receipt', to, `Your request to ${listing.name}`, [
    requestNotice(listing.name),
    '',
    `Service: ${service}`,
    ...labels.map((label, i) => `Time ${i + 1}: ${label}`),
    '',
    `We will email you when ${listing.name} answers. If they do not answer within ${REQUEST_LIMITS.answerHours} hours, you can call them at ${listing.phone}.`,
    `Cancel the request: ${cancelLink}`,
  ]);
}

/** To either side: the time is confirmed, with the calendar file. */
export function confirmedMail(
  listing: RequestListing,
  to: string,
  service: string,
  label: string,
  calendar: Attachment,
  cancelLink: string,
  forOwner: boolean,
): QueuedMail {
  return mail(
    forOwner ? 'request-confirmed-owner' : 'request-confirmed',
    to,
    `Confirmed: ${service} at ${listing.name}, ${label}`,
    [
      forOwner ? `The appointment is confirmed: ${service}, ${label}.` : `${listing.name} confirmed your appointment: ${service}, ${label}.`,
      `Address: ${address(listing)}`,
      `Phone: ${listing.phone}`,
      '',
      'The calendar file attached adds it to your calendar. We will send a reminder 24 hours before.',
      forOwner ? `Cancel it: ${cancelLink}` : `Cancellation is free up to ${REQUEST_LIMITS.freeCancellationHours} hours ahead. Cancel: ${cancelLink}`,
    ],
    [calendar],
  );
}

/** To the shopper: the owner proposes another time. */
export function proposedMail(listing: RequestListing, to: string, service: string, label: string, accept: string, decline: string): QueuedMail {
  return mail('request-proposed', to, `${listing.name} proposes ${label}`, [
    `${listing.name} cannot take your request at the times you asked for, and proposes ${label} for ${service} instead.`,
    '',
    `Accept this time: ${accept}`,
    `Decline it: ${decline}`,
    '',
    `Each link works once, for ${REQUEST_LIMITS.linkHours} hours. ${requestNotice(listing.name)}`,
  ]);
}

/** To the shopper: declined, with the reason if given and the phone number. */
export function declinedMail(listing: RequestListing, to: string, service: string, reason: string | undefined): QueuedMail {
  return mail('request-declined', to, `${listing.name} cannot take your request`, [
    `${listing.name} cannot take your request for ${service}.${reason ? ` Reason: ${reason}.` : ''}`,
    `You can call them at ${listing.phone}, or ask another business on Glow.`,
  ]);
}

/** To the owner: the shopper declined the proposed time. */
export function proposalDeclinedMail(listing: RequestListing, to: string, service: string, label: string): QueuedMail {
  return mail('request-proposal-declined', to, `Proposed time declined: ${service}`, [
    `The shopper declined the time you proposed (${label}) for ${service}. Nothing is booked.`,
  ]);
}

/** To the other side: cancelled, with the calendar file that removes the event when it was confirmed. */
export function cancelledMail(
  listing: RequestListing,
  to: string,
  service: string,
  by: 'shopper' | 'owner',
  forOwner: boolean,
  calendar?: Attachment,
): QueuedMail {
  const who = by === 'owner' ? listing.name : 'The shopper';
  return mail(
    forOwner ? 'request-cancelled-owner' : 'request-cancelled',
    to,
    `Cancelled: ${service} at ${listing.name}`,
    [`${who} cancelled ${service} at ${listing.name}.`, ...(forOwner ? [] : [`To book another time, call ${listing.name} at ${listing.phone}.`])],
    calendar ? [calendar] : undefined,
  );
}

/** To the shopper: no answer in time; the phone number; and to the owner, that it lapsed. */
export function expiredMails(listing: RequestListing, shopperEmail: string | null, service: string): QueuedMail[] {
  return [
    ...(shopperEmail
      ? [
          mail('request-expired', shopperEmail, `No answer from ${listing.name}`, [
            `${listing.name} did not answer your request for ${service} in time, so it has expired. Nothing is booked.`,
            `You can call them at ${listing.phone}.`,
          ]),
        ]
      : []),
    ...(listing.ownerEmail
      ? [
          mail('request-expired-owner', listing.ownerEmail, `A request expired: ${service}`, [
            `A request for ${service} expired without an answer. Nothing is booked.`,
          ]),
        ]
      : []),
  ];
}

/** The reminder, 24 hours ahead, once per side (its dedupe key). */
export function reminderMail(
  listing: RequestListing,
  to: string,
  requestId: string,
  side: 'shopper' | 'owner',
  service: string,
  label: string,
  cancelLink: string,
): QueuedMail {
  return mail(
    side === 'owner' ? 'request-reminder-owner' : 'request-reminder',
    to,
    `Reminder: ${service} at ${listing.name}, ${label}`,
    [
      side === 'owner' ? `Reminder: ${service} is booked for ${label}.` : `Reminder: your appointment for ${service} at ${listing.name} is ${label}.`,
      `Address: ${address(listing)}`,
      `Phone: ${listing.phone}`,
      `Cancel: ${cancelLink}`,
    ],
    undefined,
    `request-reminder:${requestId}:${side}`,
  );
}

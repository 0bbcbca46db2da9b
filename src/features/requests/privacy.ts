/**
 * What the privacy page says about time requests (issue 40 item 8; docs/requests.md "Retention"):
 * what is kept, for how long and why. One definition, rendered by the privacy page. Browser-safe.
 */
import { REQUEST_LIMITS } from './copy';

export const REQUEST_PRIVACY_HEADING = 'Time requests';

export const REQUEST_PRIVACY_FACTS: readonly { what: string; howLong: string; why: string }[] = [
  {
    what: 'Your name, email address, phone number (if you give one) and note',
    howLong: `Until ${REQUEST_LIMITS.retentionDays} days after the last date of your request, then deleted`,
    why: 'So the business can answer you, and so you both get the confirmation and the reminder',
  },
  {
    what: 'The service, the times you asked for and what the business answered, without your details',
    howLong: 'As long as the listing exists',
    why: "To show how quickly a business usually replies, and to count the listing's requests and replies",
  },
  {
    what: 'The links in our emails',
    howLong: `Stored only as fingerprints (hashes); each works once and for ${REQUEST_LIMITS.linkHours} hours`,
    why: 'So nobody can answer for you, and so the web address never carries your details',
  },
];

export const REQUEST_PRIVACY_SHARING =
  'Only the business you send a request to sees your details. Your address is never asked for and nothing about you is shown to anyone else. No account, card or fee is needed.';

/**
 * Mail, a platform module every feature may use (docs/mail.md): write a message to the outbox in the
 * transaction of the change it reports (`enqueueMail`), nudge delivery after the commit
 * (`deliverSoon`); the worker (`deliverOutbox`) sends with retries. `sendMail` sends at once, for
 * messages that may be lost (sign-in codes, which the person asks for again).
 */
export { deliverOutbox, deliverSoon, enqueueMail, pendingMail, RETRY_MINUTES, type DeliveryReport, type QueuedMail } from './outbox.server';
export { canSendMail, MailUnavailableError, sendMail } from './transport.server';
export { messageOf, unlinkable, type Attachment, type Message } from './message';

/** Time requests, server side (docs/requests.md): the loop, the owner's view, the hourly job, the page's read. */
export * from './index';
export { requestListing, requestOptions, requestSettings, requestSummary, saveRequestSettings, takesRequests } from './listing.server';
export { changeRequest, createRequest, LIMIT_MESSAGES, previewLink, requestEmailCode, followLink } from './requests.server';
export { ownerAction, ownerRequests } from './owner.server';
export { deletePersonalData, expireRequests, refreshReplyTimes, runHourly, sendReminders } from './jobs.server';
export { daytimeHours, replyFigures } from './replyTime.server';
export { eventUid } from './calendar.server';
export { decideSpamReport, type SpamDecision } from './spam.server';
export { isBlockedSender } from './senders.server';

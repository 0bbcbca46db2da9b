/** What other features use of owners (the photos engineer's upload functions, the pages). */
export { requireListingOwner, requireSameOrigin, requireSession } from './requireOwner.server';
export { authSecret, sessionOf, type SessionUser } from './auth.server';
export { ownerOf } from './claims.server';
export { mailApplicantCode } from './applicantClaim.server';
export { ensureAccount } from './ownersModeration.server';
export { sendSignInCode, signOut } from './auth.server';
export { canSendMail, listingAddress, MailUnavailableError } from './mail.server';
export { CODE_RULES } from './auth.server';
export { checkEmailCode, CodeRefusedError, sendEmailCheckCode } from './auth.server';
export { countCodeSent, limitCodeEntry } from './codeLimits.server';
export { ownerErrors } from './ownerErrors.server';
export { listingsOf } from './claims.server';
export { audit } from './claims.server';
export { claimListing } from './claims.server';

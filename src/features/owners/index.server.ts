/** The owners feature's entrance for other modules: its server-only modules (docs/architecture.md "Floors"). */
export * from './applicantClaim.server';
export * from './auth.server';
export * from './claims.server';
export * from './codeLimits.server';
export * from './facetEdits.server';
export * from './listingEdits.server';
export * from './mail.server';
export * from './ownerErrors.server';
export * from './ownersModeration.server';
export * from './replies.server';
export * from './requireOwner.server';
export * from './signIn.server';
export * from './standing.server';

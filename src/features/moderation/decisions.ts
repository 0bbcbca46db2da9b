/**
 * Every decision an operator can make, from the console (/operator) or `npm run moderate`
 * (docs/moderation.md): what it acts on, what it does, and what it changes beyond its own row. One
 * table: the command line's usage, the console's buttons and the API's schema all read it.
 * Browser-safe.
 */
export interface DecisionRule {
  /** What the command line takes after the action. */
  target: 'REVIEW_ID' | 'REPLY_ID' | 'PHOTO_ID' | 'SLUG' | 'HELD_ID' | 'SLUG EMAIL' | 'NAME' | 'BATCH_ID' | 'HOLD_ID' | 'REQUEST_ID';
  /** What it does, in one line (the command's usage). */
  does: string;
  /** Changes which listings are listed: the provider sitemap is purged and, when it changed something, pre-built pages are rebuilt. */
  listing?: true;
  /**
   * Decided by the imports feature (src/features/imports), which sits above moderation
   * (the floors in docs/architecture.md): the console and `npm run moderate` reach it through the
   * operators feature; `npm run import` calls it directly.
   */
  by?: 'imports';
}

export const DECISIONS = {
  'hide-review': { target: 'REVIEW_ID', does: 'hide a review: off the page, out of the rating and count' },
  'restore-review': { target: 'REVIEW_ID', does: 'publish a hidden review again' },
  'keep-review': { target: 'REVIEW_ID', does: 'keep a reported review published and close its reports' },
  'hide-reply': { target: 'REPLY_ID', does: "hide a business's response to a review" },
  'restore-reply': { target: 'REPLY_ID', does: 'publish a hidden response again' },
  'keep-reply': { target: 'REPLY_ID', does: 'keep a reported response published and close its reports' },
  'hide-photo': { target: 'PHOTO_ID', does: 'hide a photo: off the page, the gallery, the cards and its file at once' },
  'restore-photo': { target: 'PHOTO_ID', does: 'show a hidden photo again' },
  'keep-photo': { target: 'PHOTO_ID', does: 'keep a reported photo up and close its reports' },
  'hide-listing': { target: 'SLUG', does: 'remove a listing: its page answers 410, it leaves search, lists and sitemaps', listing: true },
  'restore-listing': { target: 'SLUG', does: 'list a hidden listing again', listing: true },
  'approve-listing': { target: 'SLUG', does: 'vet a new listing: it joins suggestions, featured lists and the sitemap', listing: true },
  'hold-listing': { target: 'SLUG', does: 'send a listing back to not vetted: no badge, noindex, out of suggestions and the sitemap', listing: true },
  'approve-service': { target: 'NAME', does: "let an owner's new service name into suggestions and spelling correction" },
  'approve-held': { target: 'HELD_ID', does: 'list a held listing (one that looked like an existing listing)', listing: true },
  'reject-held': { target: 'HELD_ID', does: 'refuse a held listing; nothing is published', listing: true },
  'revoke-claim': { target: 'SLUG', does: "end a claim: the listing is nobody's again and loses its badge" },
  assign: { target: 'SLUG EMAIL', does: "give a listing to the owner of EMAIL (support's path when its own email is unusable)" },
  'block-sender': {
    target: 'REQUEST_ID',
    does: 'block the sender of a request reported as spam from sending time requests to any listing',
  },
  'dismiss-spam': { target: 'REQUEST_ID', does: 'close a spam report on a time request; its sender can still send requests' },
  'approve-batch': {
    target: 'BATCH_ID',
    does: 'approve an applied import batch: its new listings are vetted (suggestions, featured lists, sitemap) with one rebuild',
    listing: true,
    by: 'imports',
  },
  'rollback-batch': {
    target: 'BATCH_ID',
    does: 'roll an import batch back: its new listings hidden, the fields it changed put back where nobody changed them since',
    listing: true,
    by: 'imports',
  },
  'same-import': { target: 'HOLD_ID', does: 'link a held import record to the listing it looked like (the listing stays as it is)', by: 'imports' },
  'new-import': { target: 'HOLD_ID', does: 'list a held import record as a new listing of its batch', listing: true, by: 'imports' },
} as const satisfies Record<string, DecisionRule>;

export type DecisionAction = keyof typeof DECISIONS;
export const DECISION_ACTIONS = Object.keys(DECISIONS) as [DecisionAction, ...DecisionAction[]];

/** The decisions the imports feature takes (DecisionRule.by). */
export type ImportDecisionAction = { [A in DecisionAction]: (typeof DECISIONS)[A] extends { by: 'imports' } ? A : never }[DecisionAction];
export const isImportDecision = (action: DecisionAction): action is ImportDecisionAction => (DECISIONS[action] as DecisionRule).by === 'imports';

export const isDecisionAction = (value: string): value is DecisionAction => Object.hasOwn(DECISIONS, value);

/** The longest reason kept with a decision. */
export const MAX_REASON_LENGTH = 500;

/** Domain failures that callers turn into answers (HTTP status in functions, a message on pages). */
export class NotFoundError extends Error {
  override name = 'NotFoundError';
}
/** An action the caller may not take on this thing, whoever they are signed in as (403). */
export class ForbiddenError extends Error {
  override name = 'ForbiddenError';
}
export class ConflictError extends Error {
  override name = 'ConflictError';
}
/** Input that passed its schema but cannot be answered as asked (400, naming the parameter). */
export class InvalidInputError extends Error {
  override name = 'InvalidInputError';
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
  }
}

/**
 * Work stopped at its time budget rather than holding a worker (a search, docs/search.md "Bounded
 * cost"): the caller answers 503 and asks to retry after `retryAfterSeconds`.
 */
export class OverBudgetError extends Error {
  override name = 'OverBudgetError';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** A limit reached (429 in functions): the same client did this too often. */
export class TooManyError extends Error {
  override name = 'TooManyError';
  constructor(
    message: string,
    /** Seconds until it may try again. */
    readonly retryAfter: number,
  ) {
    super(message);
  }
}

/** A setting this deploy lacks (503 in functions, with its message): the operator must set it. */
export class NotConfiguredError extends Error {
  override name = 'NotConfiguredError';
}

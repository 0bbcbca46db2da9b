/** Domain failures that callers turn into answers (HTTP status in functions, a message on pages). */
export class NotFoundError extends Error {
  override name = 'NotFoundError';
}
export class ConflictError extends Error {
  override name = 'ConflictError';
}

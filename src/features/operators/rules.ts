/**
 * The operator role's rules (docs/moderation.md "Operators"). Browser-safe: the console's pages say
 * them as they are.
 */

/** An operator's session works for at most this long after its code was entered; then the operator signs in again. */
export const OPERATOR_SESSION_HOURS = 8;

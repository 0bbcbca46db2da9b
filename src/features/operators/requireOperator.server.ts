/**
 * The guard of every operator call and page (docs/moderation.md "Operators"): the request comes
 * from our own pages (Origin, on reads too), carries a session opened with a code less than
 * OPERATOR_SESSION_HOURS ago, and its account holds the operator role now: read from the database
 * on every call, so a revoked operator is refused at once. Throws the API's HTTP errors.
 */
import { getDb } from '../../db/client';
import { HttpError } from '../../server/http';
import { requireSameOrigin, sessionOf, type SessionUser } from '../owners/index.server';
import { OPERATOR_SESSION_HOURS } from './rules';
import { isOperator } from './roles.server';

export const OPERATOR_ERRORS = {
  signedOut: 'Sign in at /operator with a code sent to your operator email to do this.',
  expired: `Your operator session ended: it lasts ${OPERATOR_SESSION_HOURS} hours. Sign in again at /operator.`,
  notOperator: 'This account is not an operator. Operators are added from the command line by the team that runs Glow.',
} as const;

export type Operator = SessionUser;

/** The operator of this request, or an HttpError: 403 from another origin, 401 without a (current) session, 403 without the role. */
export async function requireOperator(request: Request, { now = new Date(), page = false } = {}): Promise<Operator> {
  // A page is a top-level navigation (a link from an email is cross-site): its cookie is SameSite=Lax
  // and it changes nothing, so only the API calls check the Origin of reads.
  if (!page) requireSameOrigin(request, { reads: true });
  const session = await sessionOf(request);
  if (!session) throw new HttpError(401, OPERATOR_ERRORS.signedOut);
  const database = await getDb();
  if (!(await isOperator(database, session.userId))) throw new HttpError(403, OPERATOR_ERRORS.notOperator);
  if (now.getTime() - session.signedInAt.getTime() > OPERATOR_SESSION_HOURS * 3600_000) {
    // The session itself ends, not only its operator calls: its cookie is worth nothing after this.
    await database.db.deleteFrom('auth_sessions').where('id', '=', session.sessionId).execute();
    throw new HttpError(401, OPERATOR_ERRORS.expired);
  }
  return session;
}

/** The operator of a page request, or null (the page then shows the sign-in, or says why not). */
export async function operatorOfPage(request: Request): Promise<{ operator: Operator | null; refusal: string | null }> {
  try {
    return { operator: await requireOperator(request, { page: true }), refusal: null };
  } catch (error) {
    if (error instanceof HttpError)
      return { operator: null, refusal: error.status === 401 && error.message === OPERATOR_ERRORS.signedOut ? null : error.message };
    throw error;
  }
}

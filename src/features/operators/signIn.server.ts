/**
 * An operator's code (docs/moderation.md "Operators"): the owners' passwordless sign-in
 * (src/features/owners/), asked for from /operator. Only an operator's address gets a code; every
 * address gets the same answer, so the form does not tell who is an operator. The code is then
 * entered through the owners' own POST /api/owners/sign-in.
 */
import type { Db } from '../../db/client';
import { canSendMail, CODE_RULES, MailUnavailableError, sendSignInCode } from '../owners/index.server';
import { isOperatorEmail } from './roles.server';
import type { OperatorCodeRequest } from './schemas/operator';

export async function requestOperatorCode(database: Db, origin: string, { email }: OperatorCodeRequest, headers: Headers) {
  if (!canSendMail()) throw new MailUnavailableError();
  if (await isOperatorEmail(database, email)) await sendSignInCode(origin, email, { kind: 'operator' }, headers);
  return { sent: true as const, email, expiresInMinutes: CODE_RULES.expiresInSeconds / 60 };
}

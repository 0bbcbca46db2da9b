/** The signed-in operator as GET /api/operator/session and the console's pages show them. */
import type { Operator } from './requireOperator.server';
import { OPERATOR_SESSION_HOURS } from './rules';
import type { OperatorSession } from './schemas/operator';

export function operatorSession(operator: Operator): OperatorSession {
  return {
    email: operator.email,
    signedInAt: operator.signedInAt.toISOString(),
    endsAt: new Date(operator.signedInAt.getTime() + OPERATOR_SESSION_HOURS * 3600_000).toISOString(),
  };
}

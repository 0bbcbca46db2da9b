/** What the console's functions, pages and `npm run moderate` use of operators. */
export { grantOperator, listOperators, revokeOperator } from './roles.server';
export { OPERATOR_ERRORS, operatorOfPage, requireOperator, type Operator } from './requireOperator.server';
export { requestOperatorCode } from './signIn.server';
export { operatorSession } from './session.server';
export { decideAny } from './decide.server';

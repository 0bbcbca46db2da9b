/**
 * Form validation in the islands: the first message of each field of a failed parse, which is the
 * one shown under that field. Forms load their schema on first interaction, with a
 * dynamic import, so zod is not part of a page's JavaScript before interaction (docs/api.md).
 */
export function firstIssuePerField<F extends string>(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) errors[issue.path[0] as F] ??= issue.message;
  return errors;
}

/**
 * How an operator's command (`npm run moderate`, `npm run import`) ends: a missing target, bad input or a conflict is a plain
 * message and exit code 1, bad usage is `fail` (usage, exit code 2), anything else is a crash with its
 * stack; the database is closed either way.
 */
import { closeDb } from '../../src/db/client';
import { ConflictError, InvalidInputError, NotFoundError } from '../../src/lib/errors';
import { printable } from '../../src/features/moderation';

export async function runCommand(main: () => Promise<void>, fail: (message: string) => never): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (error instanceof NotFoundError || error instanceof ConflictError || error instanceof InvalidInputError) {
      // Messages may quote what was typed or stored: printed without control characters (docs/security.md "Stored text").
      console.error(printable(error.message));
      process.exitCode = 1;
    } else if (error instanceof TypeError && /Unknown option|Unexpected argument/.test(error.message)) {
      fail(error.message);
    } else throw error;
  } finally {
    await closeDb();
  }
}

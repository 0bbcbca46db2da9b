/** The owners' own failures as API answers: refused codes (400/403) and mail that cannot go (503). */
import { HttpError, type FunctionContext } from '../../server/http';
import { CodeRefusedError } from './auth.server';
import { MailUnavailableError } from './mail.server';

type Handler = (req: Request, context: FunctionContext) => Promise<Response>;

export function ownerErrors(handler: Handler): Handler {
  return async (req, context) => {
    try {
      return await handler(req, context);
    } catch (error) {
      if (error instanceof CodeRefusedError) throw new HttpError(error.status, error.message, [{ path: 'code', message: error.message }]);
      if (error instanceof MailUnavailableError) throw new HttpError(503, error.message);
      throw error;
    }
  };
}

/** The honeypot of the public forms (reviews, listing applications). */
import { z } from '../zod';

/** A form field people never see; bots fill it in. */
export const honeypotSchema = z
  .catch(z.optional(z.string().check(z.maxLength(500))), 'filled')
  .check(z.describe('Leave out. A field hidden from people: a request that fills it in is refused as a bot.'));

/**
 * zod for every schema the browser shares with the functions (forms, API payloads): the mini build,
 * whose functions tree-shake, so a form island ships only the validators it uses (docs/api.md).
 * Configured once for the whole app:
 * - jitless: zod would otherwise probe `new Function` to compile parsers, which our
 *   Content-Security-Policy (rightly) forbids in the browser.
 * - English messages: the mini build loads no locale, so messages we do not write ourselves would
 *   read "Invalid input"; with `en` they read as they do in classic zod, in browser and function alike.
 */
import * as z from 'zod/mini';
import { en } from 'zod/locales';

z.config({ jitless: true, ...en() });

export { z };

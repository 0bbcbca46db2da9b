/**
 * zod, configured once for the whole app. jitless: zod would otherwise probe `new Function` to
 * compile parsers, which our Content-Security-Policy (rightly) forbids in the browser.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };

/** GET /api/suggest: what the search form's comboboxes offer as someone types. */
import { z } from '../../../lib/zod';

export const SUGGEST_MAX = 8;

export const suggestParamsSchema = z.object({
  q: z.string({ error: 'q is required' }).check(
    z.trim(),
    z.minLength(1, 'q is required'),
    z.maxLength(100, 'q must be at most 100 characters'),
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to refuse them
    z.regex(/^[^\u0000-\u001f\u007f]*$/, 'q must not contain control characters'),
    z.describe(
      'What has been typed so far: the start of a city, town or borough, "City, ST", a ZIP code, or a service. Case-insensitive; a typo or two is forgiven.',
    ),
  ),
});

const suggestionSchema = z.object({
  label: z.string().check(z.describe('What the list shows.')),
  value: z.string().check(z.describe('What the field takes when it is chosen.')),
});
export type Suggestion = z.output<typeof suggestionSchema>;

export const suggestionsSchema = z.object({
  locations: z
    .array(suggestionSchema)
    .check(
      z.describe(
        `Cities with providers, "City, ST", most providers first; then ZIP codes (label "60614 · Chicago, IL", value "60614"), towns and boroughs of the US ZIP dataset, most ZIP codes first; at most ${SUGGEST_MAX}.`,
      ),
    ),
  services: z.array(suggestionSchema).check(z.describe(`Search form services first, then service names providers list; at most ${SUGGEST_MAX}.`)),
});
export type Suggestions = z.output<typeof suggestionsSchema>;

/**
 * What happens to a business listed through the form, said one way everywhere (docs/owners.md "New
 * listings"): the form, its toast and the code email import it; content/ (the FAQs, /for-businesses)
 * writes the same words, which tests/unit/application-copy.test.ts holds them to. Browser-safe.
 */

/** The code's rules (docs/owners.md): 6 digits, 10 minutes, single use, at most 5 attempts. */
export const CODE_RULES = { length: 6, expiresInSeconds: 10 * 60, attempts: 5 } as const;

/** An application's fate, in the words every place uses. */
export const APPLICATION_FATE = 'live now as a new listing, verified by our team within 2-3 business days';

/** The form's promise, under its title. */
export const APPLICATION_INTRO = `Listing is free. Your business goes ${APPLICATION_FATE}.`;

/** The toast after a listed business: its fate, and the code on its way. */
export function applicationToast(email: string): string {
  return `Your business is ${APPLICATION_FATE}. We emailed a ${CODE_RULES.length}-digit code to ${email}: it lasts ${CODE_RULES.expiresInSeconds / 60} minutes and lets you manage your listing.`;
}

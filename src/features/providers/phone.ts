/**
 * US phone numbers (docs/security.md "Listing fields"): the ten digits of a North American number,
 * and how a listing shows them.
 */

/** The ten digits of a US number typed any usual way ("(212) 555-0142", "+1 212.555.0142"), or null. */
export function usPhoneDigits(text: string): string | null {
  if (!/^[\d\s().+-]+$/.test(text)) return null;
  let digits = text.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  // NANP: area code and exchange start with 2-9.
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(digits) ? digits : null;
}

/** "(212) 555-0142". */
export function formatUsPhone(digits: string): string {
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * Premium-rate numbers charge the caller (the 900 area code, and the 976 exchange in any area code):
 * a listing that sends shoppers to one is a scam, so none is listed (docs/security.md "Listing fields").
 */
export const PREMIUM_RATE = { areaCodes: ['900'], exchanges: ['976'] } as const;

/** True when ten digits (usPhoneDigits) are a premium-rate number. */
export const isPremiumRate = (digits: string): boolean =>
  (PREMIUM_RATE.areaCodes as readonly string[]).includes(digits.slice(0, 3)) || (PREMIUM_RATE.exchanges as readonly string[]).includes(digits.slice(3, 6));

export const PREMIUM_RATE_MESSAGE = 'Premium-rate numbers (900, 976) cannot be listed: please give the business’s ordinary phone number';

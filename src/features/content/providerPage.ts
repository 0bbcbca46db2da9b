/** What a provider page says beyond the data: its FAQ entries and generated SEO text. */
import type { FaqItem } from './schemas/content';
import { parseServices } from '../providers';
import type { Provider } from '../providers/schemas';
import { mainCategory } from '../catalog';

export interface ProviderFaqTemplates {
  always: FaqItem[];
  nails: FaqItem;
  hair: FaqItem;
}

const NAIL_SERVICES = ['Nail Care', 'Manicure'];
const HAIR_SERVICES = ['Hair Cut', 'Hair Styling', 'Hair Color'];

/** The provider FAQ: nail safety only with Nail Care or Manicure; hair products only with Hair Cut, Hair Styling or Hair Color. */
export function providerFaq(provider: Provider, templates: ProviderFaqTemplates): FaqItem[] {
  const services = parseServices(provider.services);
  const fill = (item: FaqItem): FaqItem => {
    // Replacer functions: a string replacement would read "$&" or "$`" in a name as patterns.
    const sub = (t: string) => t.replaceAll('{name}', () => provider.name).replaceAll('{city}', () => provider.city);
    return { question: sub(item.question), answer: sub(item.answer) };
  };
  return [
    ...templates.always,
    ...(services.some((s) => NAIL_SERVICES.includes(s)) ? [templates.nails] : []),
    ...(services.some((s) => HAIR_SERVICES.includes(s)) ? [templates.hair] : []),
  ].map(fill);
}

const list = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
/** "a nail salon", "an upscale hair salon". */
const article = (words: string) => `${/^\s*[aeiou]/i.test(words) ? 'an' : 'a'} ${words.trim()}`;
const PRICE_WORDS: Record<string, string> = { $: 'budget-friendly', $$: 'moderately priced', $$$: 'upscale', $$$$: 'luxury' };

/** Generated SEO paragraphs about a provider, from its own data only. */
export function providerSeoText(provider: Provider): { title: string; paragraphs: string[] } {
  const services = parseServices(provider.services);
  const category = mainCategory(services);
  const kind = category ? category.label.replace(/s$/, '').replace('Brows & Lashe', 'brow and lash studio').toLowerCase() : 'beauty provider';
  const rating = Number(provider.rating);
  const paragraphs = [
    // Without a known price, no price word: "a nail salon", never a guessed "moderately priced" one.
    `${provider.name} is ${article(`${PRICE_WORDS[provider.priceRange] ?? ''} ${kind}`)} at ${provider.address} in ${provider.city}, ${provider.state} ${provider.zipCode}. Clients visit for ${list(services.map((s) => s.toLowerCase()))}.`.replace(
      /\s+/g,
      ' ',
    ),
    provider.reviewCount > 0
      ? `On Glow, ${provider.name} holds an average rating of ${rating.toFixed(1)} out of 5 from ${provider.reviewCount} client ${provider.reviewCount === 1 ? 'review' : 'reviews'}. Read what other clients say below, then call ahead or walk in during opening hours to book.`
      : `${provider.name} has no reviews on Glow yet. If you have visited, share your experience below to help others in ${provider.city} choose with confidence.`,
    `Looking for more options nearby? Compare other ${category ? category.label.toLowerCase() : 'beauty services'} in ${provider.city} by rating, price range and services on Glow.`,
  ];
  return { title: `About ${provider.name} in ${provider.city}`, paragraphs };
}

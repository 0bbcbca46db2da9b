/**
 * Where each guide of content/guides lives: the pricing guide and beauty tips have pages of their
 * own at the site root; every other guide is an article under /guides/.
 */
const ROOT_PAGES = ['salon-pricing-guide', 'beauty-tips'];

/** A guide article under /guides/{id} (not one of the root pages). */
export const isArticleGuide = (id: string) => !ROOT_PAGES.includes(id);

export const guideHref = (id: string) => (isArticleGuide(id) ? `/guides/${id}` : `/${id}`);

/**
 * The footer's links that come from content/: cities, landing pages and guides, each with its footer
 * label and place. Read once per process: every page has the footer, and a provider page rendered on
 * request would otherwise read and resolve three content collections for it each time.
 */
import { getCollection } from 'astro:content';
import { guideHref } from './guideRoutes';

async function load() {
  const cities = (await getCollection('cities')).map((c) => ({ ...c.data, slug: c.id })).sort((a, b) => a.footerOrder - b.footerOrder);
  const guideLinks = [
    ...(await getCollection('landings')).map((l) => ({ ...l.data.footer, href: `/${l.id}` })),
    ...(await getCollection('guides')).map((g) => ({ ...g.data.footer, href: guideHref(g.id) })),
  ].sort((a, b) => a.order - b.order);
  return { cities, guideLinks };
}

let loaded: ReturnType<typeof load> | undefined;

export function footerLinks(): ReturnType<typeof load> {
  if (!loaded) {
    loaded = load();
    // A failed read is not kept: the next page asks again.
    loaded.catch(() => {
      loaded = undefined;
    });
  }
  return loaded;
}

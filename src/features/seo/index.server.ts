/** The seo feature's entrance for other modules: its server-only modules (docs/architecture.md "Floors"). */
export * from './sitemap.server';
export * from './structuredData.server';

/** The content feature's entrance for other modules: its server-only modules (docs/architecture.md "Floors"). */
export * from './footerLinks.server';
export * from './landing.server';
export * from './siteData.server';

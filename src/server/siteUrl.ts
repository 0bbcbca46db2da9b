/**
 * The canonical origin of the site: SITE_URL at build time and on the server (README
 * "Environment"). Server-only, so browser bundles never read the environment.
 */
export const SITE_URL = (process.env.SITE_URL || 'https://glow.example.com').replace(/\/+$/, '');

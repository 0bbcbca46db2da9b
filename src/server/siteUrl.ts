/**
 * The canonical origin of the site: SITE_URL at build time and on the server (README
 * "Environment"). Server-only, so browser bundles never read the environment.
 */
import { env } from '../env.server';

export const SITE_URL = env().SITE_URL;

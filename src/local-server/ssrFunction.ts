/**
 * The function the Netlify adapter generates for pages rendered on request. `npm start` and the
 * tests load this very file, so provider pages have one renderer everywhere (README "Provider
 * pages"): `astro build` writes it, Netlify deploys it, and the Node server calls it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FunctionModule } from './functionRoutes';

/** Where @astrojs/netlify writes the on-request renderer (Netlify's frameworks API layout). */
export const SSR_FUNCTION = join('.netlify', 'v1', 'functions', 'ssr', 'ssr.mjs');

/** The built renderer under `root`, or null before the first build. */
export async function loadSsrFunction(root = process.cwd()): Promise<FunctionModule['default'] | null> {
  const file = join(root, SSR_FUNCTION);
  if (!existsSync(file)) return null;
  // The function loads React from its node_modules, which picks its development build (several
  // times slower to render, docs/BENCHMARKS.md) unless NODE_ENV says production.
  process.env.NODE_ENV ??= 'production';
  const mod = (await import(pathToFileURL(file).href)) as FunctionModule;
  return mod.default;
}

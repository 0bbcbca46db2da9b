/**
 * Maps Netlify Functions v2 modules (default handler + config.path) to requests, the way Netlify
 * routes them, so `npm start` and `npm run dev` answer /api/* with the very same code.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FunctionContext } from '../server/http';

export interface FunctionModule {
  default: (req: Request, context: FunctionContext) => Promise<Response> | Response;
  config?: { path?: string | string[] };
}

export interface FunctionRoute {
  path: string;
  pattern: RegExp;
  keys: string[];
  handler: FunctionModule['default'];
}

export const FUNCTIONS_DIR = join(process.cwd(), 'functions');

/** The function files of functions/ (Netlify's own discovery: one file, one function). */
export function functionFiles(dir = FUNCTIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => /\.(mts|ts|mjs|js)$/.test(f) && !f.startsWith('_'))
    .map((f) => join(dir, f));
}

/** "/api/providers/:id/reviews" → a RegExp with named segments; "*" matches the rest. */
export function compilePath(path: string): { pattern: RegExp; keys: string[] } {
  const keys: string[] = [];
  const source = path
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) {
        keys.push(part.slice(1));
        return '([^/]+)';
      }
      if (part === '*') {
        keys.push('*');
        return '(.*)';
      }
      // A "*" inside a segment ("favicon.*") matches within it, as in Netlify's header paths.
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
    })
    .join('/');
  return { pattern: new RegExp(`^${source}/?$`), keys };
}

export async function loadFunctionRoutes(load: (file: string) => Promise<FunctionModule>, dir = FUNCTIONS_DIR): Promise<FunctionRoute[]> {
  const routes: FunctionRoute[] = [];
  for (const file of functionFiles(dir)) {
    const mod = await load(file);
    const paths = mod.config?.path === undefined ? [] : ([] as string[]).concat(mod.config.path);
    for (const path of paths) routes.push({ path, ...compilePath(path), handler: mod.default });
  }
  // Literal segments win over parameters, as on Netlify: /api/providers/by-slug/x is not an id.
  return routes.sort((a, b) => b.path.replace(/:[^/]+/g, '').length - a.path.replace(/:[^/]+/g, '').length);
}

export function matchFunction(routes: FunctionRoute[], pathname: string): { route: FunctionRoute; params: Record<string, string> } | null {
  for (const route of routes) {
    const m = route.pattern.exec(pathname);
    if (m) return { route, params: Object.fromEntries(route.keys.map((k, i) => [k, m[i + 1] ?? ''])) };
  }
  return null;
}

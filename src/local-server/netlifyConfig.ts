/**
 * netlify.toml's [[redirects]] and [[headers]], read the way Netlify reads them. One file holds the
 * site's security headers: `npm start` applies them to files, and src/middleware.ts to pages
 * rendered on request (Netlify itself does not apply netlify.toml headers to function responses).
 */
import { parse as parseToml } from 'smol-toml';
import { compilePath } from './functionRoutes';

export interface NetlifyConfig {
  redirects: { from: string; to: string; status: number; force: boolean; pattern: RegExp; keys: string[] }[];
  headers: { pattern: RegExp; values: Record<string, string> }[];
}

export function parseNetlifyConfig(text: string): NetlifyConfig {
  const toml = parseToml(text) as {
    redirects?: { from: string; to: string; status?: number; force?: boolean }[];
    headers?: { for: string; values: Record<string, string> }[];
  };
  return {
    redirects: (toml.redirects ?? []).map((r) => ({ ...r, status: r.status ?? 301, force: r.force ?? false, ...compilePath(r.from) })),
    headers: (toml.headers ?? []).map((h) => ({ pattern: compilePath(h.for).pattern, values: h.values })),
  };
}

/** Every [[headers]] value whose `for` matches the path, later rules winning. */
export function headersFor(config: NetlifyConfig, pathname: string): Record<string, string> {
  return Object.assign({}, ...config.headers.filter((h) => h.pattern.test(pathname)).map((h) => h.values)) as Record<string, string>;
}

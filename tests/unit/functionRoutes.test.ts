/**
 * Netlify-style path matching (src/local-server/functionRoutes.ts), as `npm start` routes /api/* to the
 * functions of functions/ (README "Test").
 */
import { describe, expect, it } from 'vitest';
import { compilePath, functionFiles, loadFunctionRoutes, matchFunction, type FunctionModule, type FunctionRoute } from '../../src/local-server/functionRoutes';

describe('compilePath', () => {
  it('turns :name segments into keys that match one segment', () => {
    const { pattern, keys } = compilePath('/api/providers/:id/reviews');
    expect(keys).toEqual(['id']);
    expect(pattern.exec('/api/providers/abc-1/reviews')?.[1]).toBe('abc-1');
    expect(pattern.test('/api/providers/abc-1/reviews/')).toBe(true);
    expect(pattern.test('/api/providers/a/b/reviews')).toBe(false);
    expect(pattern.test('/api/providers//reviews')).toBe(false);
    expect(pattern.test('/api/providers/abc/reviewsx')).toBe(false);
  });

  it('lets a lone * match the rest of the path', () => {
    const { pattern, keys } = compilePath('/api/*');
    expect(keys).toEqual(['*']);
    expect(pattern.exec('/api/a/b/c')?.[1]).toBe('a/b/c');
    expect(pattern.test('/other/a')).toBe(false);
  });

  it('lets a * inside a segment match within that segment only', () => {
    const { pattern, keys } = compilePath('/favicon.*');
    expect(keys).toEqual([]);
    expect(pattern.test('/favicon.ico')).toBe(true);
    expect(pattern.test('/favicon.a/b')).toBe(false);
    // The dot is literal.
    expect(pattern.test('/faviconxico')).toBe(false);
  });

  it('treats regular-expression characters in a path literally', () => {
    const { pattern } = compilePath('/a+b/(c)/$d');
    expect(pattern.test('/a+b/(c)/$d')).toBe(true);
    expect(pattern.test('/aab/c/d')).toBe(false);
  });
});

describe('matchFunction', () => {
  const handler = async () => new Response(null);
  const routeOf = (path: string): FunctionRoute => ({ path, ...compilePath(path), handler });

  it('returns the first route that matches, with its parameters', () => {
    const routes = [routeOf('/api/providers/by-slug/:slug'), routeOf('/api/providers/:id'), routeOf('/api/providers/:id/reviews')];
    expect(matchFunction(routes, '/api/providers/by-slug/glow')).toEqual({ route: routes[0], params: { slug: 'glow' } });
    expect(matchFunction(routes, '/api/providers/42/reviews')).toEqual({ route: routes[2], params: { id: '42' } });
    expect(matchFunction(routes, '/api/nothing')).toBeNull();
  });
});

describe('loadFunctionRoutes over functions/', () => {
  it('finds every function file and routes literal segments before parameters, as Netlify does', async () => {
    expect(functionFiles().length).toBeGreaterThan(0);
    const routes = await loadFunctionRoutes((file) => import(file) as Promise<FunctionModule>);
    const paths = routes.map((r) => r.path);
    expect(paths).toContain('/api/providers/by-slug/:slug');
    expect(paths).toContain('/api/providers/:id/reviews');
    expect(matchFunction(routes, '/api/providers/by-slug/abc')?.route.path).toBe('/api/providers/by-slug/:slug');
    expect(matchFunction(routes, '/api/providers/abc/reviews')?.params).toEqual({ id: 'abc' });
  });

  it('takes every path of a module, literal ones first, and skips modules without a path', async () => {
    const routes = await loadFunctionRoutes(async () => ({ default: async () => new Response(null), config: { path: ['/a/:x', '/a/b'] } }));
    const paths = routes.map((r) => r.path);
    expect(paths).toHaveLength(functionFiles().length * 2);
    expect(paths.lastIndexOf('/a/b')).toBeLessThan(paths.indexOf('/a/:x'));
    expect(await loadFunctionRoutes(async () => ({ default: async () => new Response(null) }))).toEqual([]);
  });
});

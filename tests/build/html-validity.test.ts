/**
 * Pages are valid HTML by the W3C checker (tests/helpers/htmlValidity.ts), one page of each kind:
 * built ones from dist/ (which `npm test` builds first), and provider pages as `npm start` renders
 * them on request (a provider, an imported one, and an unknown slug's 404).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startApi } from '../helpers/api';
import { htmlErrors, htmlErrorsOfFiles } from '../helpers/htmlValidity';
import { runImport } from '../../src/features/imports/index.server';

/** The checker is a Java program: it starts in seconds on a quiet machine, far slower on a busy one. */
const CHECKER_TIMEOUT_MS = 180_000;

const DIST = join(process.cwd(), 'dist');

/** One built page of each kind. */
const PAGES = [
  'index.html',
  'search.html',
  'city/new-york.html',
  'nail-salon-near-me.html',
  'guides/nail-shapes.html',
  'faq.html',
  'about.html',
  'contact.html',
  'privacy.html',
  'data-sources.html',
  '404.html',
];

describe('the W3C HTML checker', () => {
  it(
    'finds no error in a built page of each kind',
    async () => {
      const files = PAGES.map((page) => join(DIST, page));
      for (const file of files) if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first (npm test does)`);
      expect(await htmlErrorsOfFiles(files)).toEqual([]);
    },
    CHECKER_TIMEOUT_MS,
  );

  it(
    'finds no error in a provider page rendered on request, nor in its 404',
    async () => {
      const site = await startApi({ site: true });
      try {
        // An imported listing's page too (docs/imports.md): its source line and claim invitation.
        await runImport(site.database, join(process.cwd(), 'tests/fixtures/overture/places.geojsonseq'), { actor: 'ops-jordan', apply: true });
        const pages = [];
        for (const path of ['/provider/lacquer-lace-nail-studio-new-york', '/provider/riverside-lacquer-lounge', '/provider/no-such-salon']) {
          pages.push({ name: path.slice(1).replaceAll('/', '-'), html: await (await site.get(path)).text() });
        }
        expect(await htmlErrors(pages)).toEqual([]);
      } finally {
        await site.close();
      }
    },
    CHECKER_TIMEOUT_MS,
  );

  it(
    'is heard: a stray script after </html> and a late style element are errors, CSS it cannot parse is not',
    async () => {
      const page = (body: string, tail = '') =>
        `<!DOCTYPE html><html lang="en"><head><title>t</title><style>@property --x { syntax: "*"; inherits: false; }</style></head><body>${body}</body></html>${tail}`;
      const errors = await htmlErrors([
        { name: 'ok', html: page('<p>fine</p>') },
        { name: 'stray-script', html: page('<p>x</p>', '<script>1</script>') },
        { name: 'late-style', html: page('<div><p>x</p><style>p{color:red}</style></div>') },
      ]);
      expect(errors.some((e) => e.startsWith('stray-script.html') && /Stray start tag .script/.test(e))).toBe(true);
      expect(errors.some((e) => e.startsWith('late-style.html') && /style. element in .body. must be the first child/.test(e))).toBe(true);
      expect(errors.filter((e) => e.startsWith('ok.html'))).toEqual([]);
    },
    CHECKER_TIMEOUT_MS,
  );
});

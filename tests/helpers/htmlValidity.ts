/**
 * The W3C HTML checker (Nu Html Checker, from the vnu-jar package) run with Java over pages. Its
 * CSS engine predates modern CSS (@property, margin-trim...), so its CSS messages are left out;
 * every other error is returned, naming the page.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';

/** vnu-jar's main export is the path of vnu.jar. */
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  message: string;
  lastLine?: number;
}

/** "page: line N: message" for every error the checker finds in the files, CSS parsing aside. */
export async function htmlErrorsOfFiles(files: string[]): Promise<string[]> {
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)('java', ['-jar', VNU_JAR, '--format', 'json', '--stdout', '--exit-zero-always', ...files], {
      maxBuffer: 64 * 1024 * 1024,
    }));
  } catch (error) {
    throw new Error(`The HTML checker needs Java 11 or later on the PATH (e.g. apt-get install openjdk-17-jre-headless): ${(error as Error).message}`);
  }
  const { messages } = JSON.parse(stdout) as { messages: VnuMessage[] };
  return messages
    .filter((m) => m.type !== 'info' && !m.message.startsWith('CSS: '))
    .map((m) => `${m.url ? basename(decodeURIComponent(m.url)) : 'checker'}: line ${m.lastLine ?? '?'}: ${m.message}`);
}

/** The same for HTML strings (pages rendered on request), each checked under its name. */
export async function htmlErrors(pages: { name: string; html: string }[]): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'glow-html-'));
  try {
    const files = pages.map(({ name, html }) => {
      const file = join(dir, `${name.replace(/[^a-z0-9-]+/gi, '_')}.html`);
      writeFileSync(file, html);
      return file;
    });
    return await htmlErrorsOfFiles(files);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

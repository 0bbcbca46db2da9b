/**
 * The editor's configuration, loaded by @keystatic/astro from this path (docs/editing.md). The
 * storage is chosen in astro.config.mjs from the environment and handed over as a constant, so
 * this file, which the editor's page also runs in the browser, reads no environment itself.
 */
import { type EditorStorage, editorConfig } from './src/features/content/editor/config';

declare const __GLOW_EDITOR_STORAGE__: EditorStorage;

export default editorConfig(__GLOW_EDITOR_STORAGE__);

import { readFile, stat } from 'node:fs/promises';
import { escapeHtml } from './plain-text-html';

/** What a page answers (503, plain text) while the site has no build. */
export const NOT_BUILT = 'The site has not been built yet. Run `pnpm build` and restart the server.';

/**
 * The built shell's index.html, read again whenever the file on disk changes (a redeployed shell is
 * served at once, as the static files are), else kept in memory. Null while the site is not built.
 */
export class ShellDocument {
  readonly #file: string;
  #kept: { mtimeMs: number; size: number; html: string } | null = null;

  constructor(file: string) {
    this.#file = file;
  }

  async read(): Promise<string | null> {
    const info = await stat(this.#file).catch(() => null);
    if (!info) return null;
    const kept = this.#kept;
    if (kept && kept.mtimeMs === info.mtimeMs && kept.size === info.size) return kept.html;
    const html = await readFile(this.#file, 'utf8');
    this.#kept = { mtimeMs: info.mtimeMs, size: info.size, html };
    return html;
  }
}

const HTML_LANG = /<html(\s+lang="[^"]*")?(?=[\s>])/;

/** The shell's HTML in the site's language (`lang` as BCP 47: `en-US`). */
export function withLanguage(html: string, lang: string): string {
  return html.replace(HTML_LANG, `<html lang="${escapeHtml(lang)}"`);
}

/** An interface language setting (`zh_CN`) as BCP 47 (`zh-CN`). */
export const bcp47 = (language: string) => language.replace('_', '-');

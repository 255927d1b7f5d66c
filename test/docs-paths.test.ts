/**
 * The docs name only files that exist: every path of the repository written in README.md or
 * docs/*.md (`server/cards/og-texts.ts`, `client/features/share/`, a link like `(api.md)`) is
 * there. A path with a placeholder in it (`<feature>`, `{locale}`, `NNN`, `*`, `…`) names a kind of
 * file, not one: it is left out.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR as root } from '../server/paths.js';

const FOLDERS = ['client', 'server', 'shared', 'docs', 'migrations', 'seed', 'test', 'bench', 'scripts', 'deploy'];
const PLACEHOLDER = /[<>{}*…]|NNN|\bxx\b/;

/** The repository paths a Markdown text names, from the root, and its relative links resolved against `dir`. */
function namedPaths(text: string, dir: string): string[] {
  const paths = [...text.matchAll(new RegExp(`(?<![\\w./-])(?:${FOLDERS.join('|')})/[\\w./@<>{}*…-]*`, 'g'))].map(
    (match) => match[0].replace(/[.,:;)]+$/, ''),
  );
  const links = [...text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
    .map((match) => match[1])
    .filter((link) => !/^[a-z]+:/.test(link))
    .map((link) => normalize(join(dir, link)));
  return [...new Set([...paths, ...links])].filter((path) => !PLACEHOLDER.test(path));
}

const docs = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

describe('the docs', () => {
  it('read the paths a text names', () => {
    expect(namedPaths('see `server/cards/og-texts.ts`, and [the API](api.md#errors)', 'docs')).toEqual([
      'server/cards/og-texts.ts',
      'docs/api.md',
    ]);
    expect(namedPaths('`client/features/<feature>/` and migrations/NNN_name.sql', '.')).toEqual([]);
  });

  it.each(docs)('%s names only files and folders that exist', (doc) => {
    const missing = namedPaths(readFileSync(join(root, doc), 'utf8'), dirname(doc)).filter(
      (path) => !existsSync(join(root, path)),
    );
    expect(missing).toEqual([]);
  });
});

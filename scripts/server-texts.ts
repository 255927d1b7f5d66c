/**
 * Writes server/texts/catalogs.ts, the server's texts in every language, from the catalogs
 * (run by `npm run extract`, after Lingui's extraction).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_TEXTS_CATALOG, SERVER_TEXTS_MODULE, serverTextsModule } from '../server/texts/generate.js';
import { LANGUAGES, type Language } from '../shared/languages.js';

const root = join(import.meta.dirname, '..');
const catalogs = Object.fromEntries(
  LANGUAGES.map((language) => [language, readFileSync(join(root, SERVER_TEXTS_CATALOG(language)), 'utf8')]),
) as Record<Language, string>;
writeFileSync(join(root, SERVER_TEXTS_MODULE), serverTextsModule(catalogs));
// In the project's style, so that `npm run lint` stays clean.
execFileSync(join(root, 'node_modules/.bin/biome'), ['format', '--write', SERVER_TEXTS_MODULE], {
  cwd: root,
  stdio: 'ignore',
});
console.log(`Wrote ${SERVER_TEXTS_MODULE}`);

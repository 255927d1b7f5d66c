import { readdirSync } from 'node:fs';
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { SENTENCE_AREA, screenArea } from './client/i18n/areas.js';

import { LANGUAGES } from './shared/languages.js';

/**
 * The screen area's files, decided by their folders (client/i18n/areas.ts), and the texts the
 * server writes too (cards, captions: shared/texts.ts), which the server reads from this catalog.
 */
const SCREEN_AREA = [
  ...screenArea(
    readdirSync(new URL('./client', import.meta.url), { recursive: true, encoding: 'utf8' }).map(
      (file) => `client/${file.replaceAll('\\', '/')}`,
    ),
  ),
  'shared/texts.ts',
];

const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/test/**'];
const inRoot = (path: string) => `<rootDir>/${path}`;

/**
 * The client's languages and where their catalogs live. `npm run extract` collects every message
 * of client/ into client/locales/{locale}.po (the landing area) and client/locales/screens/{locale}.po
 * (the lazily loaded screens) and client/locales/sentences/{locale}.po (the failures' sentences by
 * code, client/i18n/failures.ts; see client/i18n/areas.ts). English is the source. Vite compiles a
 * catalog when it is imported (@lingui/vite-plugin), so there is no compile step to forget.
 * The languages are shared/languages.ts's. A fifth language: docs/architecture.md ("A language").
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: [...LANGUAGES],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/client/locales/{locale}',
      include: ['<rootDir>/client'],
      exclude: [...TESTS, ...SCREEN_AREA.map(inRoot), ...SENTENCE_AREA.map(inRoot)],
    },
    {
      path: '<rootDir>/client/locales/screens/{locale}',
      include: SCREEN_AREA.map(inRoot),
      exclude: TESTS,
    },
    {
      path: '<rootDir>/client/locales/sentences/{locale}',
      include: SENTENCE_AREA.map(inRoot),
    },
  ],
  // No file/line origins: moving code must not rewrite every catalog.
  format: formatter({ origins: false }),
});

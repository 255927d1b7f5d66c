import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The client's languages and where their catalogs live. `npx lingui extract` collects every
 * message of client/ into client/locales/{locale}.po (English is the source); Vite compiles a
 * catalog when it is imported (@lingui/vite-plugin), so there is no compile step to forget.
 * A fifth language: add it here and in client/i18n/languages.ts, run extract, translate its file.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'pt-BR', 'de'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/client/locales/{locale}',
      include: ['<rootDir>/client'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    },
  ],
  // No file/line origins: moving code must not rewrite every catalog.
  format: formatter({ origins: false }),
});

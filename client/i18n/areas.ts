/**
 * The catalogs come in two areas, so the landing page's entry chunk carries only the English it
 * shows. A file's folder decides its area (paths from the repository root, as lingui.config.ts
 * takes them): the screens App.tsx loads lazily and the features only they use are the "screens"
 * area; everything else in client/ (the shell, shared components, state, the landing screen and
 * the features it ships) is the landing area. A screen-area file's English arrives with the
 * screens (each imports client/i18n/screens.ts); another language loads both areas at once. A
 * test keeps the landing area from importing a screen-area file, and every lazy screen importing
 * screens.ts. A new folder is in the landing area until it is listed here: always correct, only
 * heavier.
 */
export const SCREEN_FOLDERS: readonly string[] = [
  'client/screens/',
  'client/features/circle/',
  'client/features/creator/',
  'client/features/game-gone/',
  'client/features/guess/',
  'client/features/own-questions/editor/',
  'client/features/result/',
  'client/features/rounds/',
  'client/features/scoreboard/',
  'client/features/share/',
  'client/features/push/',
  'client/features/report/',
  'client/features/missed-rounds/',
  'client/features/modes/',
  'client/features/party/',
  'client/features/notes/',
];

/** The screens of client/screens/ that the entry chunk carries itself (App.tsx imports them statically). */
export const ENTRY_SCREENS: readonly string[] = ['client/screens/Landing.tsx', 'client/screens/ErrorScreen.tsx'];

/** Screen-area files outside those folders. */
const SCREEN_FILES: readonly string[] = ['client/i18n/captions.ts', 'client/i18n/names.ts', 'client/i18n/screens.ts'];

/** Whether a client source file (a path from the repository root) is in the screens area. */
export const inScreenArea = (path: string): boolean =>
  SCREEN_FILES.includes(path) ||
  (SCREEN_FOLDERS.some((folder) => path.startsWith(folder)) && !ENTRY_SCREENS.includes(path));

/** The screen-area sources among `paths` (tests and test helpers are in no area). */
export const screenArea = (paths: readonly string[]): string[] =>
  paths.filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$|\/test\/|\.d\.ts$/.test(path) && inScreenArea(path));

/**
 * The failures' sentences by code (client/i18n/failures.ts): a catalog of their own, loaded
 * only for another language than English (English shows a failure's message as it came).
 */
export const SENTENCE_AREA: readonly string[] = ['client/i18n/failures.ts'];

/// <reference types="node" />
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/error-codes.js';
import { ENTRY_SCREENS, SENTENCE_AREA, screenArea } from './areas.js';
import { CAPTIONS, DESCRIPTIONS } from './captions.js';
import { FAILURE_SENTENCES, failureSentence } from './failures.js';
import { LANGUAGES } from './languages.js';
import { placeholders, pluralCategories, readPo, readPoEntries } from './po.js';

const root = resolve(import.meta.dirname, '../..');
const localesDir = join(root, 'client/locales');
/** The catalogs' two areas (client/i18n/areas.ts): the landing page's, and the lazy screens'. */
const AREAS = ['', 'screens/', 'sentences/'] as const;
const read = async (language: string, area = '') =>
  readPo(await readFile(join(localesDir, `${area}${language}.po`), 'utf8'));
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/test/**'];
/** The screen area's files, as lingui.config.ts finds them by their folders. */
const SCREEN_AREA = [
  ...screenArea(
    (await readdir(join(root, 'client'), { recursive: true })).map((file) => `client/${file.replaceAll('\\', '/')}`),
  ),
  // The texts the server writes too: in the screens' catalog (lingui.config.ts).
  'shared/texts.ts',
];

/**
 * What each language's glossary says not to write, wherever it stands (words the glossary rules
 * out only in some places, such as "Frage" for a Spectrum statement, are left to review).
 */
const RULED_OUT: Record<string, string[]> = {
  // "Das innigste Paar" sounds romantic; "dein Freund" alone reads as "your boyfriend"; a score is
  // an "Ergebnis" everywhere (issue 43), and own questions come "anstelle zufällig ausgewählter".
  de: [
    'innigste',
    'Antwortwort',
    'Du trittst',
    'Spiel ein neues Spiel',
    'dein Freund sieht',
    'Partie',
    'Punktzahl',
    'gezogene',
    'Spiele dieses Spiels',
  ],
  // Latin-American neutral: no Spain-only words; a game is a "juego" and one adds with "agregar"
  // (issue 43), and nowhere is "a ningún lado".
  es: ['móvil', 'ordenador', 'nevera', 'vosotros', 'conjetura', 'partida', 'añad', 'ningún sitio'],
  // "Travado" reads as "crashed"; "aparelho", not "dispositivo"; a game is a "jogo", and a play is
  // counted in times played, never "partidas".
  'pt-BR': ['Travado', 'travar', 'Palavra de resposta', 'dispositivo', 'partida'],
};

/**
 * Messages the code uses in more than one file that mean the same in each (one translation fits
 * every place), with that one role. Anything else used in two files carries an explicit id per
 * role: "one message, one role" below.
 */
const SAME_ROLE: Record<string, string> = {
  'Sending...': 'a send button while its call is under way',
  'Theme: {theme}': "the line naming a game's or a party's pack",
  host: "the mark beside the party's host in a list of its players",
  'Reconnecting…': "a party screen's notice while its live connection comes back",
  'Everyone has answered.': "a party's screen-reader milestone when a round closes because everyone answered",
  '10 seconds left.': "a party's screen-reader milestone 10 s before a round's deadline",
  '{answered} of {playing} answered.': "a party's rationed screen-reader count of this round's answers",
  'A friend': 'a friend who left no name, in a list of replies',
  'Answer at least half the rounds to see the reveal.': "the sentence when a friend's reveal needs more answers",
  'Back to {PRODUCT_NAME}': 'a link home from a screen that ends a path',
  Cancel: "a dialog's button that leaves without doing anything",
  'Copied to clipboard!': 'the notice after a copy button or link box was tapped',
  'Copy the text': 'a button copying the share text',
  "Couldn't turn on notifications. Check your connection and try again.": 'the failure of turning on notifications',
  'How well do you know {creator}?': "a guess game's invitation heading",
  Loading: "a spinner's accessible name",
  'Loading scores': "the scoreboard's spinner",
  'Loading your score': "the result's spinner",
  'Loading...': "the Play button while questions load (the spec's words)",
  Next: 'the button going on to the next round',
  Play: 'the button that starts playing',
  'Play A New Game With Your Friends': "the link home on a friend's screens (the spec's words)",
  Question: "a round's or an own question's heading: the Classic question",
  Remove: 'a button taking a player or an option away',
  '{others, plural, one {and # more} other {and # more}}': 'the count of friends a list of names leaves out',
  'Save the picture': 'a button saving a share picture',
  'See the scoreboard': 'a link to the scoreboard',
  'Try again': 'a button retrying what failed',
  You: 'the player themselves, in a list or comparison',
  '{subject} did not answer.': "a party round's subject who gave no answer, at its reveal",
  Paused: "the shared screen's word (and announcement) while the host holds the party",
  'Share the results': "the button and the section sharing a party's results",
  'The most alike': "the title of an alike party's end",
  'The podium': "the title of a guess party's end",
  'Your friend': 'the creator when they left no name',
  '{shown} out of {SPECTRUM_MAX}, between {low} and {high}': "a Spectrum slider's value, read out",
  'Your answer, from {low} to {high}': "a Spectrum slider's name",
  Join: 'the button taking a seat in a party',
  'no answer': 'a Classic round answered with no word',
  'Party code': "the label of a party's 5 letters",
  'Play together': 'the way to a party (the landing, the party pages)',
  Players: "a party's list of who is in",
  Standings: "a party's players by points",
  'See the results': "a link to a finished party's results",
};

/**
 * English words that name two different things (a verb and an adjective, a button and a verdict):
 * a message that is only one of these, placeholders aside, always has an explicit id naming its role.
 */
const AMBIGUOUS_WORDS = [
  'back',
  'clear',
  'close',
  'fair',
  'free',
  'last',
  'left',
  'light',
  'like',
  'live',
  'match',
  'mean',
  'open',
  'present',
  'record',
  'report',
  'right',
  'second',
  'share',
  'still',
  'watch',
];

/** One extraction of the code's messages with their origins, into a temporary folder, shared by the tests that read it. */
let extraction: Promise<string> | undefined;
const freshExtraction = () => {
  extraction ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wavelength-extract-'));
    const config = join(dir, 'lingui.config.mjs');
    const screens = SCREEN_AREA.map((path) => `<rootDir>/${path}`);
    const sentenceFiles = SENTENCE_AREA.map((path) => `<rootDir>/${path}`);
    await writeFile(
      config,
      `export default ${JSON.stringify({
        rootDir: root,
        sourceLocale: 'en',
        locales: ['en'],
        catalogs: [
          {
            path: join(dir, '{locale}'),
            include: ['<rootDir>/client'],
            exclude: [...TESTS, ...screens, ...sentenceFiles],
          },
          { path: join(dir, 'screens', '{locale}'), include: screens, exclude: TESTS },
          { path: join(dir, 'sentences', '{locale}'), include: sentenceFiles },
        ],
      })};\n`,
    );
    const cli = join(root, 'node_modules/@lingui/cli/dist/lingui-extract.js');
    await promisify(execFile)(process.execPath, [cli, '--config', config], { cwd: root });
    return dir;
  })();
  return extraction;
};
afterAll(async () => {
  if (extraction) await rm(await extraction, { recursive: true, force: true });
});

describe('the catalogs', () => {
  it('have one catalog per language and area, and none for a language the picker does not offer', async () => {
    for (const area of AREAS) {
      const files = (await readdir(join(localesDir, area))).filter((file) => file.endsWith('.po')).sort();
      expect(files).toEqual(LANGUAGES.map(({ tag }) => `${tag}.po`).sort());
    }
  });

  for (const { tag } of LANGUAGES.filter((language) => language.tag !== 'en')) {
    it(`${tag} uses none of the words its glossary rules out (docs/glossary/${tag}.md)`, async () => {
      const found = [];
      for (const area of AREAS)
        for (const [id, translation] of await read(tag, area))
          for (const word of RULED_OUT[tag] ?? [])
            if (translation.toLowerCase().includes(word.toLowerCase())) found.push({ word, id, translation });
      expect(found).toEqual([]);
    });

    for (const area of AREAS)
      describe(`${tag} ${area || 'landing/'}`, () => {
        it('translates every message of the English catalog, and nothing else', async () => {
          const [english, catalog] = await Promise.all([read('en', area), read(tag, area)]);
          expect([...catalog.keys()].sort()).toEqual([...english.keys()].sort());
          const untranslated = [...catalog].filter(([, translation]) => translation.trim() === '').map(([id]) => id);
          expect(untranslated).toEqual([]);
        });

        it('fills in the same placeholders and tags as the English', async () => {
          const [english, catalog] = await Promise.all([read('en', area), read(tag, area)]);
          // A message with an explicit id (shared/texts.ts) has its English in the English catalog.
          const source = (id: string) => english.get(id) || id;
          const differing = [...catalog]
            .filter(([id, translation]) => placeholders(source(id)).join() !== placeholders(translation).join())
            .map(([id, translation]) => ({ id, translation }));
          expect(differing).toEqual([]);
        });

        it("uses only the language's own plural categories, always with `other`", async () => {
          const allowed = new Intl.PluralRules(tag).resolvedOptions().pluralCategories as string[];
          for (const [id, translation] of await read(tag, area)) {
            const used = pluralCategories(translation);
            if (pluralCategories(id).length === 0) continue;
            expect(used, id).toContain('other');
            for (const category of used) expect(allowed, `${tag}: ${translation}`).toContain(category);
          }
        });
      });
  }

  it("hold the score captions in English as shared/texts.ts writes them (one source: the server's too)", async () => {
    const english = await read('en', 'screens/');
    for (const text of [...CAPTIONS, ...DESCRIPTIONS]) expect(english.get(text.id), text.id).toBe(text.message);
  });

  it('translate every error code of the server, and every failure of the client, in every language', async () => {
    const codes = Object.keys(FAILURE_SENTENCES);
    for (const code of ERROR_CODES) expect(codes, code).toContain(code);
    for (const { tag } of LANGUAGES) {
      const catalog = await read(tag, 'sentences/');
      const missing = codes.filter((code) => {
        // Every variant of a sentence with values (rate_limited with and without its seconds).
        const variants: Record<string, number>[] = [{}, { seconds: 1, n: 1, most: 1 }];
        return variants.some((values) => {
          const english = failureSentence({ code, message: '', values })?.message;
          return english === undefined || !catalog.has(english) || (tag !== 'en' && !catalog.get(english)?.trim());
        });
      });
      expect(missing, tag).toEqual([]);
    }
  });

  it('hold every message the code uses: a fresh extraction finds nothing the English catalog lacks', async () => {
    const dir = await freshExtraction();
    for (const area of AREAS) {
      const [fresh, english] = await Promise.all([
        readFile(join(dir, area, 'en.po'), 'utf8').then(readPo),
        read('en', area),
      ]);
      expect(
        [...fresh.keys()].filter((id) => !english.has(id)),
        `${area}: run npm run extract`,
      ).toEqual([]);
      expect(
        [...english.keys()].filter((id) => !fresh.has(id)),
        `${area}: run npm run extract`,
      ).toEqual([]);
    }
  }, 60_000);

  describe('one message, one role (a translation fits every place its id is used)', () => {
    const freshEntries = async () => {
      const dir = await freshExtraction();
      const areas = await Promise.all(AREAS.map((area) => readFile(join(dir, area, 'en.po'), 'utf8')));
      return areas.flatMap(readPoEntries);
    };

    it('gives every message used in more than one file an explicit id, unless it is declared to mean the same everywhere', async () => {
      // The report dialog's "Close" button once shared its id with the reveal's "Close" verdict:
      // Spanish dismissed the dialog with "Cerca". A text the code uses in two files gets an id
      // per role (msg({ id, message })), or a line in SAME_ROLE saying what it is everywhere.
      const shared = (await freshEntries())
        .filter((entry) => !entry.explicitId && entry.files.length > 1 && !(entry.id in SAME_ROLE))
        .map(({ id, files }) => ({ id, files }));
      expect(shared).toEqual([]);
    }, 60_000);

    it('gives the English words that name two things (Close, Share, Live…) an explicit id wherever they stand', async () => {
      const bare = (await freshEntries())
        .filter((entry) => !entry.explicitId)
        .filter((entry) =>
          AMBIGUOUS_WORDS.includes(
            entry.id
              .replace(/\{[^}]*\}/g, '')
              .trim()
              .toLowerCase(),
          ),
        )
        .map(({ id, files }) => ({ id, files }));
      expect(bare).toEqual([]);
    }, 60_000);

    it('catches a message shared by two roles (the report dialog\'s "Close" and the reveal\'s)', () => {
      const entries = readPoEntries(
        [
          '#: client/features/circle/bands.ts:12',
          '#: client/features/report/ReportGame.tsx:98',
          'msgid "Close"',
          'msgstr "Close"',
          '',
        ].join('\n'),
      );
      expect(entries).toEqual([
        {
          id: 'Close',
          message: 'Close',
          files: ['client/features/circle/bands.ts', 'client/features/report/ReportGame.tsx'],
          uses: 2,
          explicitId: false,
        },
      ]);
      expect(SAME_ROLE).not.toHaveProperty('Close');
      expect(AMBIGUOUS_WORDS).toContain('close');
    });
  });

  describe('areas', () => {
    const source = (path: string) => readFile(join(root, path), 'utf8');
    const relativeImports = (text: string) =>
      [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((match) => match[1]);

    it('keep the landing area from importing a screen-area file (its English would be missing)', async () => {
      const files = (await readdir(join(root, 'client'), { recursive: true }))
        .map((file) => `client/${file}`)
        .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|\/test\/|\.d\.ts$/.test(file))
        .filter((file) => !SCREEN_AREA.includes(file));
      const crossing: string[] = [];
      for (const file of files) {
        const text = await source(file);
        // App.tsx loads the lazy screens with import(): those are meant to cross.
        for (const target of relativeImports(text.replace(/import\('[^']+'\)/g, ''))) {
          const path = join(dirname(file), target).replace(/\.js$/, '');
          if (SCREEN_AREA.some((screen) => screen.replace(/\.tsx?$/, '') === path))
            crossing.push(`${file} → ${target}`);
        }
      }
      expect(crossing).toEqual([]);
    });

    it('have every lazy screen in the screen area, bringing its English with it', async () => {
      const app = await source('client/App.tsx');
      const lazy = [...app.matchAll(/import\('\.\/(screens\/\w+)\.js'\)/g)].map((match) => `client/${match[1]}.tsx`);
      expect(lazy.length).toBeGreaterThan(5);
      for (const screen of lazy) {
        expect(SCREEN_AREA).toContain(screen);
        expect(await source(screen), screen).toContain("import '../i18n/screens.js';");
      }
    });

    it('leave in the landing area exactly the screens App.tsx imports statically', async () => {
      const app = await source('client/App.tsx');
      const entry = [...app.matchAll(/^import .* from '\.\/(screens\/\w+)\.js';$/gm)].map(
        (match) => `client/${match[1]}.tsx`,
      );
      expect(entry.sort()).toEqual([...ENTRY_SCREENS].sort());
      for (const screen of entry) expect(SCREEN_AREA).not.toContain(screen);
    });
  });
});

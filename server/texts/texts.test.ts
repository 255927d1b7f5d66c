import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../shared/languages.js';
import { CARD_TEXTS, SCORE_CAPTIONS } from '../../shared/texts.js';
import { ROOT_DIR } from '../paths.js';
import { CATALOGS } from './catalogs.js';
import { SERVER_TEXTS_CATALOG, serverCatalogs, untranslatedServerTexts } from './generate.js';
import { serverText } from './texts.js';

const catalogs = () =>
  Object.fromEntries(
    LANGUAGES.map((language) => [language, readFileSync(join(ROOT_DIR, SERVER_TEXTS_CATALOG(language)), 'utf8')]),
  ) as Record<Language, string>;

describe("the server's texts", () => {
  it('come from the catalogs: server/texts/catalogs.ts is what they say (else run npm run extract)', () => {
    expect(CATALOGS).toEqual(serverCatalogs(catalogs()));
  });

  it('are translated in every language, with the English placeholders and plain ones only', () => {
    expect(Object.keys(CATALOGS).sort()).toEqual([...LANGUAGES].sort());
    expect(untranslatedServerTexts(CATALOGS)).toEqual([]);
  });

  it('would fail for a text a language lacks or whose placeholders differ', () => {
    const { de, ...rest } = CATALOGS;
    const { [CARD_TEXTS.asks.id]: _asks, ...withoutAsks } = de;
    const broken = { ...rest, de: { ...withoutAsks, [CARD_TEXTS.gameTitle.id]: '{nom} will es wissen' } };
    expect(untranslatedServerTexts(broken)).toEqual([`de: ${CARD_TEXTS.gameTitle.id}`, `de: ${CARD_TEXTS.asks.id}`]);
  });

  it('are read in the language asked for, English for a game without one, with placeholders filled in', () => {
    expect(serverText('es', CARD_TEXTS.gameTitle, { name: 'Ana' })).toBe('Ana quiere saber si estás en su misma onda');
    expect(serverText(undefined, CARD_TEXTS.genericTitle)).toBe('Wavelength: how in tune are your friends with you?');
    expect(serverText('de', SCORE_CAPTIONS[9])).not.toBe(SCORE_CAPTIONS[9].message);
  });
});

/// <reference types="node" />
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../../shared/product.js';
import { readPo } from './po.js';

/**
 * The English the spec names, word for word: every quoted text of docs/spec.md (the product's
 * specification as given) is a text of the English catalogs, which hold every client screen's and
 * every server text (cards, pushes: shared/texts.ts), apart from the few the spec quotes that no
 * one reads and the two the contract rewrites. Placeholders and the product's name match whatever
 * fills them ("Wavelength round N of M" is "{PRODUCT_NAME} round {roundNumber} of {total}").
 */
const root = resolve(import.meta.dirname, '../..');

/** Quoted texts of the spec that are not words on a screen, and why. */
const NOT_ON_SCREEN: Record<string, string> = {
  A: "a Spectrum question's scale code",
  B: "a Spectrum question's scale code",
  'new-game': "the gameId in the address while the creator's game is being made",
  'API response not ok': 'logged only',
  'Failed to join game: {message}': 'logged only',
};

/** Quoted texts of the spec the product words otherwise (docs/api.md), with the words shown instead. */
const CONTRACT_WORDS: Record<string, string> = {
  // "The caption for 8 is spelled 'In Perfect Rhythm!' (the spec's 'Rythm' is a typo)".
  'In Perfect Rythm!': 'In Perfect Rhythm!',
  // "Someone who opens a /result/ link without having played sees …".
  'Invalid game or user information': "This is a friend's result. Want to find out your own score?",
};

/** A text with whatever fills its blanks (placeholders, tags, the product's name) as "…". */
const shape = (text: string) =>
  text
    .replace(/\{[^{}]*\}|<\/?\d+\/?>/g, '…')
    .replaceAll(PRODUCT_NAME, '…')
    .replace(/\b[NM]\b/g, '…');

/** The spec's single-quoted texts: an apostrophe inside a word ("{creator}'s") does not end one. */
function quotedTexts(spec: string): string[] {
  return [...new Set([...spec.matchAll(/(?<!\w)'((?:[^'\n]|'(?=\w))+)'(?!\w)/g)].map((match) => match[1]))];
}

/** Screen words the spec names without quotes: the scoreboard's columns, the slider's ends, the Play button. */
function namedTexts(spec: string): string[] {
  const columns = /columns (.+?) and (.+?)\./.exec(spec)?.slice(1) ?? [];
  const scales = [...spec.matchAll(/(?:scale|means) (\w+) to (\w+)/g)].flatMap((match) => [match[1], match[2]]);
  const buttons = [...spec.matchAll(/\ba (\w+) button\b/g)].map((match) => match[1]);
  return [...columns, ...scales, ...buttons];
}

async function englishTexts(): Promise<Set<string>> {
  const areas = ['', 'screens/', 'sentences/'];
  const catalogs = await Promise.all(
    areas.map(async (area) => readPo(await readFile(join(root, 'client/locales', `${area}en.po`), 'utf8'))),
  );
  return new Set(catalogs.flatMap((catalog) => [...catalog.values()].map(shape)));
}

describe("the spec's words", () => {
  it('finds the quoted texts, apostrophes and all', () => {
    expect(quotedTexts("saying 'You are joining {creator}'s game', with the server's message or 'Done'.")).toEqual([
      "You are joining {creator}'s game",
      'Done',
    ]);
  });

  it('are the English texts of the screens, exactly as the spec writes them', async () => {
    const spec = await readFile(join(root, 'docs/spec.md'), 'utf8');
    const english = await englishTexts();
    const quoted = quotedTexts(spec).filter((text) => !(text in NOT_ON_SCREEN));
    // The spec names at least the end screen's, the result's and the captions' words.
    expect(quoted).toContain('Play A New Game With Your Friends');
    expect(quoted.length).toBeGreaterThan(20);
    const named = namedTexts(spec);
    expect(named).toEqual(expect.arrayContaining(['Player Name', 'Score', 'Rarely', 'Often', 'Play']));
    const missing = [...quoted, ...named]
      .map((text) => CONTRACT_WORDS[text] ?? text)
      .filter((text) => !english.has(shape(text)));
    expect(missing).toEqual([]);
  });
});

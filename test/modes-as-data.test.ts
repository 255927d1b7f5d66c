/**
 * Modes as data (shared/modes.ts): no product file but the table (shared/modes.ts, and the list
 * and default beside GAME_MODES in shared/product.ts) compares a mode with a literal. Every other
 * file reads what a mode does from the table, so a new mode cannot fall silently into one branch.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR as root } from '../server/paths.js';
import { GAME_MODES } from '../shared/product.js';
import { sourceFiles } from './import-graph.js';

const TABLE = ['shared/modes.ts', 'shared/product.ts'];
const isProduct = (file: string) => !/\.test\.tsx?$|\.test-d\.ts$|\/test\/|\/testing\//.test(file);

/** Each place in `text` that compares something with one of the modes as a literal. */
function modeComparisons(text: string): string[] {
  const mode = `['"\`](?:${GAME_MODES.join('|')})['"\`]`;
  const patterns = [
    new RegExp(`[!=]==?\\s*${mode}`, 'g'),
    new RegExp(`${mode}\\s*[!=]==?`, 'g'),
    new RegExp(`\\bcase\\s+${mode}`, 'g'),
    new RegExp(`Exclude<GameMode,\\s*${mode}>|Extract<GameMode,\\s*${mode}>`, 'g'),
    new RegExp(`mode\\s*\\?\\?\\s*${mode}|mode(?::\\s*GameMode)?\\s*=\\s*${mode}`, 'g'),
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[0]));
}

describe('modes as data', () => {
  it('finds a comparison with a mode literal wherever it is written', () => {
    expect(modeComparisons("if (game.mode === 'guess') return;")).toEqual(["=== 'guess'"]);
    expect(modeComparisons("mode !== 'alike' && x")).toEqual(["!== 'alike'"]);
    expect(modeComparisons("case 'guess':")).toEqual(["case 'guess'"]);
    expect(modeComparisons("mode: GameMode = 'alike'")).toEqual(["mode: GameMode = 'alike'"]);
    expect(modeComparisons("game.mode ?? 'alike'")).toEqual(["mode ?? 'alike'"]);
    expect(modeComparisons("className='guess-ask' id: 'card.guess.asks'")).toEqual([]);
  });

  it('has no product file outside the table comparing a mode with a literal', () => {
    const files = sourceFiles(root)
      .filter(isProduct)
      .filter((file) => !TABLE.includes(file));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      modeComparisons(readFileSync(join(root, file), 'utf8')).map((match) => `${file}: ${match}`),
    );
    expect(found).toEqual([]);
  });
});

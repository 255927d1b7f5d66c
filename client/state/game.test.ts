import { beforeEach, describe, expect, it } from 'vitest';
import type { Question } from '../../shared/model.js';
import { loadGame, startGame } from './game.js';

const questions: Question[] = [{ edition: 'classic', id: 'c1', text: 'Coffee or tea?', words: ['Coffee', 'Tea'] }];

describe("a game kept in this tab keeps the game's mode", () => {
  beforeEach(() => sessionStorage.clear());

  it('as the mode it was started in, and the default mode without one', () => {
    startGame('classic', 'gameAbc12345', questions, 'guess');
    expect(loadGame('classic', 'gameAbc12345')?.mode).toBe('guess');
    startGame('classic', 'gameAbc12345', questions);
    expect(loadGame('classic', 'gameAbc12345')?.mode).toBe('alike');
  });

  it('read from a tab kept before the mode was (a guess game said `guess: true`)', () => {
    const kept = { edition: 'classic', gameId: 'gameAbc12345', questions, answers: [1], swapped: [] };
    sessionStorage.setItem('wavelength.game', JSON.stringify({ ...kept, guess: true }));
    expect(loadGame('classic', 'gameAbc12345')?.mode).toBe('guess');
    sessionStorage.setItem('wavelength.game', JSON.stringify(kept));
    expect(loadGame('classic', 'gameAbc12345')?.mode).toBe('alike');
  });

  it('and refuses a mode no table names', () => {
    startGame('classic', 'gameAbc12345', questions);
    const kept = JSON.parse(sessionStorage.getItem('wavelength.game') ?? '{}');
    sessionStorage.setItem('wavelength.game', JSON.stringify({ ...kept, mode: 'party' }));
    expect(loadGame('classic', 'gameAbc12345')).toBeNull();
  });
});

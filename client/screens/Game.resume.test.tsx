import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '../../shared/model.js';
import { loadGame, resumableGame, saveGame, startGame } from '../state/game.js';
import { saveOwnPlayerId } from '../state/publicIds.js';
import { advance, mockFetch, renderAt } from '../test/helpers.js';
import Game from './Game.js';
import Join from './Join.js';

const GAME_ID = 'gameAbc12345';
const questions: Question[] = [
  { edition: 'classic', id: 'c1', text: 'Pick a pet', words: ['Dog', 'Cat', 'Fish', 'Bird'] },
  { edition: 'classic', id: 'c2', text: 'Pick a season', words: ['Winter', 'Spring', 'Summer', 'Autumn'] },
  { edition: 'classic', id: 'c3', text: 'Pick a drink', words: ['Tea', 'Coffee', 'Water', 'Juice'] },
];
const where = () => screen.queryByTestId('where')?.textContent;

beforeEach(() => {
  vi.useFakeTimers();
});

describe('going back during a round keeps the answers', () => {
  it('Play on the join screen resumes at the round reached instead of starting over', async () => {
    saveGame({ ...startGame('classic', GAME_ID, questions), answers: [2] });
    mockFetch((url) => ({
      body:
        url.pathname === '/prod/join-game'
          ? {
              questions: questions.map((q) => ({ questionID: q.id, question: q.text, options: [] })),
              gameType: 'Classic',
            }
          : { playerName: 'Sam', isCreator: false, hasPlayed: false },
    }));
    renderAt(`/join/${GAME_ID}`, '/join/:gameId', <Join />);
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await advance(0);
    expect(where()).toBe(`/classic/game/${GAME_ID}`);
    expect(loadGame('classic', GAME_ID)?.answers).toEqual([2]);
  });

  it('only a game with answers is resumed', () => {
    startGame('classic', GAME_ID, questions);
    expect(resumableGame('classic', GAME_ID)).toBeNull();
    saveGame({ ...startGame('classic', GAME_ID, questions), answers: [1] });
    expect(resumableGame('classic', GAME_ID)?.answers).toEqual([1]);
    expect(resumableGame('spectrum', GAME_ID)).toBeNull();
  });
});

describe('a second tab of the same game', () => {
  it('learns that the first tab answered (storage event) and goes to that result, saying so', () => {
    startGame('classic', GAME_ID, questions);
    renderAt(`/classic/game/${GAME_ID}`, '/classic/game/:gameId', <Game edition="classic" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Wavelength round 1 of 3');
    // The other tab's log-response stored this browser's public id for the game.
    saveOwnPlayerId(GAME_ID, 'pub1');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'wavelength.playerIDs' }));
    });
    expect(where()).toBe(`/result/${GAME_ID}`);
    expect(loadGame('classic', GAME_ID)).toBeNull();
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '../../shared/model.js';
import { type Edition, NEW_GAME_ID } from '../../shared/product.js';
import Game from '../routes/Game.js';
import { loadGame, saveGame, startGame } from '../state/game.js';
import { ownPlayerId } from '../state/publicIds.js';
import { saveUserName, userId } from '../state/user.js';
import { advance, type FakeResponse, mockFetch, renderAt } from '../test/helpers.js';

const GAME_ID = 'gameAbc12345';
const questions: Question[] = [
  { edition: 'classic', id: 'q1', text: 'Pick a pet', words: ['Dog', 'Cat', 'Fish', 'Bird'] },
  { edition: 'classic', id: 'q2', text: 'Pick a season', words: ['Winter', 'Spring', 'Summer', 'Autumn'] },
];
const spectrumQuestions: Question[] = [
  { edition: 'spectrum', id: 's1', text: 'I sing in the shower.', scale: 'rarely-often' },
];

/** A game whose every round is answered: mounting the screen submits it. */
function finished(edition: Edition, gameId: string, qs: Question[], answers: number[]) {
  const game = startGame(edition, gameId, qs);
  saveGame({ ...game, answers });
  return renderAt(`/${edition}/game/${gameId}`, `/${edition}/game/:gameId`, <Game edition={edition} />);
}

const where = () => screen.queryByTestId('where')?.textContent;
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

beforeEach(() => {
  vi.useFakeTimers();
});

describe('submitting a game', () => {
  it('creates a Spectrum game with gameType Spectrum and goes to its end screen', async () => {
    saveUserName('Robin');
    const fetchMock = mockFetch(() => ({ body: { gameId: 'newGame12345' } }));
    startGame('spectrum', NEW_GAME_ID, spectrumQuestions);
    renderAt(`/spectrum/game/${NEW_GAME_ID}`, '/spectrum/game/:gameId', <Game edition="spectrum" />);
    fireEvent.change(screen.getByRole('slider'), { target: { value: '70' } });
    fireEvent.pointerUp(screen.getByRole('slider'));
    await advance(300);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/prod/create-game');
    expect(bodyOf(init)).toEqual({
      userId: userId(),
      userName: 'Robin',
      questionSet: ['s1'],
      answerSet: [70],
      gameType: 'Spectrum',
    });
    expect(where()).toBe('/endscreen/newGame12345');
    expect(loadGame('spectrum', NEW_GAME_ID)).toBeNull();
  });

  it('creates a Classic game without a gameType', async () => {
    const fetchMock = mockFetch(() => ({ body: { gameId: 'newGame12345' } }));
    finished('classic', NEW_GAME_ID, questions, [2, 0]);
    await advance(0);
    expect(bodyOf(fetchMock.mock.calls[0][1])).not.toHaveProperty('gameType');
    expect(where()).toBe('/endscreen/newGame12345');
  });

  it("logs a friend's response and goes to the result", async () => {
    const fetchMock = mockFetch(() => ({ body: { ok: true, score: 5, playerID: 'pub123456789' } }));
    finished('classic', GAME_ID, questions, [3, 4]);
    await advance(0);
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/prod/log-response');
    expect(bodyOf(init)).toMatchObject({ gameId: GAME_ID, playerId: userId(), responseSet: [3, 4] });
    expect(where()).toBe(`/result/${GAME_ID}`);
    // Kept so that the scoreboard can mark the friend's own row.
    expect(ownPlayerId(GAME_ID)).toBe('pub123456789');
  });

  it('retries every 2 s, at most 3 times, then stops with only a console error', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = mockFetch(() => ({ status: 500, body: { message: 'Database unavailable' } }));
    finished('classic', GAME_ID, questions, [1, 2]);
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await advance(1_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await advance(2_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await advance(2_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await advance(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(consoleError).toHaveBeenCalledTimes(4);
    expect(consoleError).toHaveBeenCalledWith('API response not ok', 'Database unavailable');
    // The user is not told: the screen still waits, with no error shown.
    expect(where()).toBeUndefined();
    expect(screen.getByRole('status').textContent).toBe('Saving your answers');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('moves on when a retry succeeds', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const replies: FakeResponse[] = [{ status: 503 }, { body: { ok: true, score: 5, playerID: 'pub123456789' } }];
    const fetchMock = mockFetch(() => replies.shift() ?? { status: 500 });
    finished('classic', GAME_ID, questions, [1, 2]);
    await advance(2_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(where()).toBe(`/result/${GAME_ID}`);
  });

  it('goes to the result on 409 (already played) without retrying', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = mockFetch(() => ({ status: 409, body: { message: 'You have already played this game.' } }));
    finished('spectrum', GAME_ID, spectrumQuestions, [10]);
    await advance(0);
    expect(where()).toBe(`/result/${GAME_ID}`);
    await advance(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(consoleError).not.toHaveBeenCalled();
  });
});

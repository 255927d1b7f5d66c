import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '../../../shared/model.js';
import { type Edition, NEW_GAME_ID } from '../../../shared/product.js';
import Game from '../../screens/Game.js';
import { loadGame, saveGame, startGame } from '../../state/game.js';
import { ownPlayerId } from '../../state/publicIds.js';
import { saveUserName, userId } from '../../state/user.js';
import { advance, type FakeResponse, mockFetch, renderAt } from '../../test/helpers.js';
import { SUBMIT_FAILED } from './useSubmitGame.js';

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

  it('retries every 2 s, at most 3 times, waiting with the spinner and no alert', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = mockFetch(() => ({ status: 500, body: { message: 'Database unavailable' } }));
    finished('classic', GAME_ID, questions, [1, 2]);
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await advance(1_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('Saving your answers');
    expect(screen.queryByRole('alert')).toBeNull();
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await advance(2_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('alert')).toBeNull();
    await advance(2_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await advance(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(consoleError).toHaveBeenCalledTimes(4);
    expect(consoleError).toHaveBeenCalledWith('API response not ok', 'Database unavailable');
  });

  it("after the last retry shows the server's message and a focused Try again, keeping the answers", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(() => ({ status: 503, body: { message: 'The server is busy, please try again.' } }));
    finished('classic', GAME_ID, questions, [1, 2]);
    await advance(3 * 2_000);
    expect(screen.getByRole('alert').textContent).toBe('The server is busy, please try again.');
    const tryAgain = screen.getByRole('button', { name: 'Try again' });
    expect(document.activeElement).toBe(tryAgain);
    expect(screen.queryByRole('status')).toBeNull();
    expect(where()).toBeUndefined();
    expect(loadGame('classic', GAME_ID)?.answers).toEqual([1, 2]);
  });

  it('says in a plain sentence when no answer came at all', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    finished('spectrum', NEW_GAME_ID, spectrumQuestions, [70]);
    await advance(3 * 2_000);
    expect(screen.getByRole('alert').textContent).toBe(SUBMIT_FAILED.message);
  });

  it('Try again resends the same answers, with the automatic retries starting over', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let down = true;
    const fetchMock = mockFetch(() => (down ? { status: 503 } : { body: { ok: true, score: 5 } }));
    finished('classic', GAME_ID, questions, [3, 4]);
    await advance(3 * 2_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(screen.getByRole('alert').textContent).toBe(SUBMIT_FAILED.message);

    // Still down: one press gives four more attempts, then the notice again.
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Saving your answers');
    await advance(3 * 2_000);
    expect(fetchMock).toHaveBeenCalledTimes(8);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();

    // Back up: the next press gets through with exactly the answers played.
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(9);
    const bodies = fetchMock.mock.calls.map(([, init]) => bodyOf(init));
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(bodies[8]).toMatchObject({ gameId: GAME_ID, playerId: userId(), responseSet: [3, 4] });
    expect(where()).toBe(`/result/${GAME_ID}`);
    expect(loadGame('classic', GAME_ID)).toBeNull();
  });

  it('submits the kept answers again after a refresh of the failed screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let down = true;
    const fetchMock = mockFetch(() => (down ? { status: 503 } : { body: { gameId: 'newGame12345' } }));
    const first = finished('spectrum', NEW_GAME_ID, spectrumQuestions, [70]);
    await advance(3 * 2_000);
    expect(screen.getByRole('alert')).toBeTruthy();
    first.unmount();

    down = false;
    renderAt(`/spectrum/game/${NEW_GAME_ID}`, '/spectrum/game/:gameId', <Game edition="spectrum" />);
    await advance(0);
    expect(bodyOf(fetchMock.mock.calls.at(-1)?.[1])).toMatchObject({ answerSet: [70], questionSet: ['s1'] });
    expect(where()).toBe('/endscreen/newGame12345');
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
    expect(loadGame('spectrum', GAME_ID)).toBeNull();
  });
});

import { cleanup, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '../../shared/model.js';
import { NEW_GAME_ID } from '../../shared/product.js';
import { NOTHING_TO_SWAP, SWAP_FAILED } from '../features/rounds/SwapButton.js';
import { loadGame, startGame } from '../state/game.js';
import { advance, choose, type FakeResponse, mockFetch, renderAt } from '../test/helpers.js';
import Game from './Game.js';

const questions: Question[] = [
  { edition: 'classic', id: 'c1', text: 'Pick a pet', words: ['Dog', 'Cat', 'Fish', 'Bird'] },
  { edition: 'classic', id: 'c2', text: 'Pick a season', words: ['Winter', 'Spring', 'Summer', 'Autumn'] },
];
/** The server's bank beyond the game's questions, as get-questions sends them. */
const bank = ['b1', 'b2', 'b3', 'b4', 'b5'].map((id) => ({
  questionID: id,
  question: `Question ${id}`,
  options: ['One', 'Two', 'Three', 'Four'],
}));

/** A fake get-questions that honours count and exclude; create-game answers with a game id. */
function fakeServer(respond?: (url: URL) => FakeResponse | Promise<FakeResponse> | undefined) {
  return mockFetch((url) => {
    const special = respond?.(url);
    if (special) return special;
    if (url.pathname === '/prod/create-game') return { body: { gameId: 'newGame12345' } };
    const exclude = (url.searchParams.get('exclude') ?? '').split(',');
    const count = Number(url.searchParams.get('count'));
    return { body: { questions: bank.filter((q) => !exclude.includes(q.questionID)).slice(0, count) } };
  });
}

function play(gameId = NEW_GAME_ID) {
  return renderAt(`/classic/game/${gameId}`, '/classic/game/:gameId', <Game edition="classic" />);
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const shownQuestion = () => document.querySelector('.round__question')?.textContent;
const swapButton = () => screen.queryByRole('button', { name: /^Swap question/ });
const stored = () => loadGame('classic', NEW_GAME_ID);
const getQuestionCalls = (fetchMock: ReturnType<typeof fakeServer>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((u) => u.pathname === '/prod/get-questions');

async function swap() {
  const button = swapButton();
  if (!button) throw new Error('no swap button');
  fireEvent.click(button);
  await advance(0);
}

beforeEach(() => {
  vi.useFakeTimers();
  startGame('classic', NEW_GAME_ID, questions);
});

describe('swapping a question (creator)', () => {
  it('replaces the current question with one the game has never held, and counts down the swaps', async () => {
    const fetchMock = fakeServer();
    play();
    expect(shownQuestion()).toBe('Pick a pet');
    expect(swapButton()?.textContent).toBe('Swap question (3 left)');

    await swap();
    expect(shownQuestion()).toBe('Question b1');
    expect(heading()).toBe('Wavelength round 1 of 2');
    expect(swapButton()?.textContent).toBe('Swap question (2 left)');
    await swap();
    expect(shownQuestion()).toBe('Question b2');
    await swap();
    expect(shownQuestion()).toBe('Question b3');

    // Each draw asked for one question and excluded every question of the game so far, swapped ones too.
    const calls = getQuestionCalls(fetchMock);
    expect(calls.map((u) => [u.searchParams.get('gametype'), u.searchParams.get('count')])).toEqual([
      ['classic', '1'],
      ['classic', '1'],
      ['classic', '1'],
    ]);
    expect(calls.map((u) => u.searchParams.get('exclude'))).toEqual(['c1,c2', 'b1,c2,c1', 'b2,c2,c1,b1']);
    // After three swaps there is none left, on this round or the next.
    expect(swapButton()).toBeNull();
    await choose('Two');
    await advance(200);
    expect(heading()).toBe('Wavelength round 2 of 2');
    expect(swapButton()).toBeNull();
  });

  it('starts the round timer again for the swapped-in question', async () => {
    fakeServer();
    play();
    await advance(6_000);
    await swap();
    expect(shownQuestion()).toBe('Question b1');
    await advance(9_990);
    expect(heading()).toBe('Wavelength round 1 of 2');
    await advance(10);
    expect(heading()).toBe('Wavelength round 2 of 2');
    expect(stored()?.answers).toEqual([0]);
  });

  it('keeps the swaps and the swapped-in question across a refresh', async () => {
    fakeServer();
    play();
    await swap();
    await swap();
    expect(stored()).toMatchObject({ swapped: ['c1', 'b1'], answers: [] });
    expect(stored()?.questions.map((q) => q.id)).toEqual(['b2', 'c2']);

    cleanup();
    play();
    expect(shownQuestion()).toBe('Question b2');
    expect(swapButton()?.textContent).toBe('Swap question (1 left)');
  });

  it('sends the final questions, swapped-in ones included, when the game is created', async () => {
    const fetchMock = fakeServer();
    play();
    await swap();
    await choose('Three');
    await advance(200);
    await swap();
    expect(shownQuestion()).toBe('Question b2');
    await choose('One');
    await advance(200);
    const create = fetchMock.mock.calls.find(([url]) => String(url) === '/prod/create-game');
    expect(JSON.parse(String(create?.[1]?.body))).toMatchObject({ questionSet: ['b1', 'b2'], answerSet: [3, 1] });
    expect(screen.getByTestId('where').textContent).toBe('/endscreen/newGame12345');
  });

  it('says so when a swap fails, lets the round go on, and tries again on request', async () => {
    let down = true;
    fakeServer((url) => (down && url.pathname === '/prod/get-questions' ? { status: 503 } : undefined));
    play();
    await swap();
    expect(screen.getByRole('alert').textContent).toBe(SWAP_FAILED.message);
    expect(shownQuestion()).toBe('Pick a pet');
    expect(stored()?.swapped).toEqual([]);
    // The round is still on: its options answer it.
    expect(screen.getByRole('radio', { name: 'Dog' })).toHaveProperty('disabled', false);

    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(0);
    expect(shownQuestion()).toBe('Question b1');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(swapButton()?.textContent).toBe('Swap question (2 left)');
  });

  it("shows the server's own sentence when it gives one", async () => {
    fakeServer((url) =>
      url.pathname === '/prod/get-questions' ? { status: 429, body: { message: 'Too many requests.' } } : undefined,
    );
    play();
    await swap();
    expect(screen.getByRole('alert').textContent).toBe('Too many requests.');
  });

  it('says when the bank has no other question, and keeps the question', async () => {
    fakeServer((url) => (url.pathname === '/prod/get-questions' ? { body: { questions: [] } } : undefined));
    play();
    await swap();
    expect(screen.getByRole('status').textContent).toBe(NOTHING_TO_SWAP);
    expect(shownQuestion()).toBe('Pick a pet');
    expect(stored()?.swapped).toEqual([]);
  });

  it('drops a swap that answers after its round has ended', async () => {
    let answer: (response: FakeResponse) => void = () => {};
    fakeServer((url) =>
      url.pathname === '/prod/get-questions' ? new Promise<FakeResponse>((resolve) => (answer = resolve)) : undefined,
    );
    play();
    await swap();
    await choose('Dog');
    await advance(200);
    expect(shownQuestion()).toBe('Pick a season');
    answer({ body: { questions: [bank[0]] } });
    await advance(0);
    expect(shownQuestion()).toBe('Pick a season');
    expect(stored()).toMatchObject({ answers: [1], swapped: [] });
    expect(stored()?.questions.map((q) => q.id)).toEqual(['c1', 'c2']);
    expect(swapButton()?.textContent).toBe('Swap question (3 left)');
  });
});

describe('friends', () => {
  it('never get a swap button', () => {
    startGame('classic', 'gameAbc12345', questions);
    play('gameAbc12345');
    expect(shownQuestion()).toBe('Pick a pet');
    expect(swapButton()).toBeNull();
  });
});

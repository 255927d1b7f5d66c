import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '../../../shared/model.js';
import { type Edition, NEW_GAME_ID } from '../../../shared/product.js';
import Game from '../../screens/Game.js';
import { startGame } from '../../state/game.js';
import { advance, choose, mockFetch, renderAt } from '../../test/helpers.js';

// Issue 32, item 4: rounds the creator let time out are offered again before the link is made,
// and a round still unanswered is left out of the game (friends are never scored against it).
const classic: Question[] = [
  { edition: 'classic', id: 'c1', text: 'Pick a pet', words: ['Dog', 'Cat', 'Fish', 'Bird'] },
  { edition: 'classic', id: 'c2', text: 'Pick a season', words: ['Winter', 'Spring', 'Summer', 'Autumn'] },
  { edition: 'classic', id: 'c3', text: 'Pick a drink', words: ['Tea', 'Coffee', 'Juice', 'Water'] },
];
const spectrum: Question[] = [
  { edition: 'spectrum', id: 's1', text: 'I sing in the shower.', scale: 'rarely-often' },
  { edition: 'spectrum', id: 's2', text: 'Pineapple belongs on pizza.', scale: 'disagree-agree' },
];

function create(edition: Edition, questions: Question[]) {
  const sent: { questionSet: string[]; answerSet: number[] }[] = [];
  mockFetch(async (url, init) => {
    if (url.pathname === '/prod/create-game') sent.push(JSON.parse(String(init?.body)));
    return { body: { gameId: 'madeGame1234' } };
  });
  startGame(edition, NEW_GAME_ID, questions);
  renderAt(`/${edition}/game/${NEW_GAME_ID}`, `/${edition}/game/${NEW_GAME_ID}`, <Game edition={edition} />);
  return sent;
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const pick = async (word: string) => {
  await choose(word);
  await advance(1_000);
};

/** A Spectrum round's clock runs out (10 s), then the slider's answer goes in 300 ms later. */
const timeOut = async () => {
  await advance(10_000);
  await advance(300);
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0.99);
});

describe("a creator's missed rounds", () => {
  it('offers "You missed 2 rounds" before the link is made, then asks them again with no clock', async () => {
    const sent = create('classic', classic);
    await advance(10_000); // round 1 times out
    await pick('Summer');
    await advance(10_000); // round 3 times out
    expect(heading()).toBe('You missed 2 rounds');
    expect(sent).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Answer them now' }));
    expect(heading()).toBe('Wavelength round 1 of 3');
    await advance(30_000); // no clock: the round waits
    expect(heading()).toBe('Wavelength round 1 of 3');
    await choose('Cat');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await advance(0);
    expect(heading()).toBe('Wavelength round 3 of 3');
    await choose('Water');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await advance(0);
    expect(sent).toEqual([expect.objectContaining({ questionSet: ['c1', 'c2', 'c3'], answerSet: [2, 3, 4] })]);
  });

  it('leaves the rounds still unanswered out of the game', async () => {
    const sent = create('classic', classic);
    await advance(10_000);
    await pick('Summer');
    await pick('Juice');
    expect(heading()).toBe('You missed 1 round');
    fireEvent.click(screen.getByRole('button', { name: 'Leave them out' }));
    await advance(0);
    expect(sent).toEqual([expect.objectContaining({ questionSet: ['c2', 'c3'], answerSet: [3, 3] })]);
  });

  it('counts a Spectrum slider nobody moved as missed (not a silent 50), and a moved one as an answer', async () => {
    const sent = create('spectrum', spectrum);
    await timeOut(); // round 1: untouched when the clock ran out
    fireEvent.change(screen.getByRole('slider'), { target: { value: '70' } });
    await timeOut(); // round 2: moved, then the clock ran out
    expect(heading()).toBe('You missed 1 round');
    fireEvent.click(screen.getByRole('button', { name: 'Leave them out' }));
    await advance(0);
    expect(sent).toEqual([expect.objectContaining({ questionSet: ['s2'], answerSet: [70] })]);
  });

  it('offers no way to leave out every round', async () => {
    create('spectrum', spectrum);
    await timeOut();
    await timeOut();
    expect(heading()).toBe('You missed 2 rounds');
    expect(screen.queryByRole('button', { name: 'Leave them out' })).toBeNull();
  });
});

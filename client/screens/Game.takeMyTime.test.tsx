import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '../../shared/model.js';
import { type Edition, NEW_GAME_ID } from '../../shared/product.js';
import { saveTakeMyTime } from '../features/pace/pace.js';
import { loadGame, startGame } from '../state/game.js';
import { advance, choose, mockFetch, renderAt } from '../test/helpers.js';
import Game from './Game.js';

const GAME_ID = 'gameAbc12345';
const spectrumQuestions: Question[] = [
  { edition: 'spectrum', id: 's1', text: 'I sing in the shower.', scale: 'rarely-often' },
  { edition: 'spectrum', id: 's2', text: 'Pineapple belongs on pizza.', scale: 'disagree-agree' },
];
const classicQuestions: Question[] = [
  { edition: 'classic', id: 'c1', text: 'Pick a pet', words: ['Dog', 'Cat', 'Fish', 'Bird'] },
  { edition: 'classic', id: 'c2', text: 'Pick a season', words: ['Winter', 'Spring', 'Summer', 'Autumn'] },
];

function play(edition: Edition, questions: Question[], gameId = GAME_ID) {
  startGame(edition, gameId, questions);
  return renderAt(`/${edition}/game/${gameId}`, `/${edition}/game/:gameId`, <Game edition={edition} />);
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const answers = (edition: Edition, gameId = GAME_ID) => loadGame(edition, gameId)?.answers;
const next = () => screen.getByRole('button', { name: 'Next' });

beforeEach(() => {
  vi.useFakeTimers();
  saveTakeMyTime(true);
});

describe('Take my time', () => {
  it('shows no clock, and a Spectrum round waits a minute, then moves on with Next', async () => {
    const { container } = play('spectrum', spectrumQuestions);
    expect(container.querySelector('.timer-ring')).toBeNull();
    fireEvent.change(screen.getByRole('slider'), { target: { value: '80' } });
    // Letting go of the slider locks nothing in: only Next does.
    fireEvent.pointerUp(screen.getByRole('slider'), { target: { value: '80' } });
    await advance(60_000);
    expect(heading()).toBe('Wavelength round 1 of 2');
    expect(answers('spectrum')).toEqual([]);
    fireEvent.click(next());
    await advance(300);
    expect(heading()).toBe('Wavelength round 2 of 2');
    expect(answers('spectrum')).toEqual([80]);
  });

  it('lets a Classic pick change until Next, and never times a round out', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    play('classic', classicQuestions);
    expect(next()).toHaveProperty('disabled', true);
    await choose('Cat');
    await choose('Fish');
    await advance(60_000);
    expect(heading()).toBe('Wavelength round 1 of 2');
    expect(screen.getByRole('radio', { name: 'Fish' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(next());
    expect(heading()).toBe('Wavelength round 2 of 2');
    expect(answers('classic')).toEqual([3]);
  });

  it('sends the same answers, in the same shape, as a timed game', async () => {
    const fetchMock = mockFetch(() => ({ body: { gameId: 'gameNew12345' } }));
    play('classic', classicQuestions, NEW_GAME_ID);
    await choose('Dog');
    fireEvent.click(next());
    await choose('Autumn');
    fireEvent.click(next());
    await advance(0);
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/prod/create-game');
    expect(JSON.parse(String(init?.body))).toMatchObject({ questionSet: ['c1', 'c2'], answerSet: [1, 4] });
    expect(Object.keys(JSON.parse(String(init?.body))).sort()).toEqual([
      'answerSet',
      'questionSet',
      'userId',
      'userName',
    ]);
  });

  it('is off unless chosen: the clock runs and a round times out', async () => {
    saveTakeMyTime(false);
    const { container } = play('classic', classicQuestions);
    expect(container.querySelector('.timer-ring')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await advance(10_000);
    expect(heading()).toBe('Wavelength round 2 of 2');
  });
});

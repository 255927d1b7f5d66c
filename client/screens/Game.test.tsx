import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '../../shared/model.js';
import { type Edition, NEW_GAME_ID } from '../../shared/product.js';
import { loadGame, saveGame, startGame } from '../state/game.js';
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

beforeEach(() => {
  vi.useFakeTimers();
});

describe('round timer', () => {
  it('advances a Classic round with 0 after about 10 s when nothing was picked', async () => {
    play('classic', classicQuestions);
    expect(heading()).toBe('Wavelength round 1 of 2');
    await advance(9_990);
    expect(heading()).toBe('Wavelength round 1 of 2');
    await advance(10);
    expect(heading()).toBe('Wavelength round 2 of 2');
    expect(answers('classic')).toEqual([0]);
  });

  it('commits the slider where it stands when the timer ends, then advances 300 ms later', async () => {
    play('spectrum', spectrumQuestions);
    fireEvent.change(screen.getByRole('slider'), { target: { value: '80' } });
    await advance(10_000);
    expect(heading()).toBe('Wavelength round 1 of 2');
    await advance(300);
    expect(heading()).toBe('Wavelength round 2 of 2');
    expect(answers('spectrum')).toEqual([80]);
    expect(screen.getByRole('slider')).toHaveProperty('value', '50');
  });

  it('fills the ring by 0.1 every 10 ms', async () => {
    const { container } = play('spectrum', spectrumQuestions);
    const ring = () => container.querySelector('.timer-ring')?.getAttribute('data-progress');
    expect(ring()).toBe('0.0');
    await advance(10);
    expect(ring()).toBe('0.1');
    await advance(4_990);
    expect(ring()).toBe('50.0');
  });
});

describe('Classic options', () => {
  it('shows the words shuffled and records the 1-based index in the original order', async () => {
    // With random() = 0, Fisher–Yates turns [Dog, Cat, Fish, Bird] into [Cat, Fish, Bird, Dog].
    vi.spyOn(Math, 'random').mockReturnValue(0);
    play('classic', classicQuestions);
    const shown = screen.getAllByRole('radio').map((b) => b.textContent);
    expect(shown).toEqual(['Cat', 'Fish', 'Bird', 'Dog']);
    await choose('Cat');
    await advance(199);
    expect(heading()).toBe('Wavelength round 1 of 2');
    await advance(1);
    expect(heading()).toBe('Wavelength round 2 of 2');
    expect(answers('classic')).toEqual([2]);
  });

  it('records the picked word, whatever order it was shown in', async () => {
    mockFetch(() => new Promise(() => {})); // the submission never answers
    play('classic', classicQuestions);
    await choose('Bird');
    await advance(200);
    await choose('Winter');
    await advance(200);
    expect(answers('classic')).toEqual([4, 1]);
  });
});

describe('Spectrum slider', () => {
  it('commits on release and advances after 300 ms with the slider back at 50', async () => {
    play('spectrum', spectrumQuestions);
    const slider = screen.getByRole('slider');
    expect(slider.getAttribute('aria-label')).toBe('Your answer, from Rarely to Often');
    fireEvent.change(slider, { target: { value: '23' } });
    fireEvent.pointerUp(slider);
    await advance(299);
    expect(heading()).toBe('Wavelength round 1 of 2');
    await advance(1);
    expect(heading()).toBe('Wavelength round 2 of 2');
    expect(answers('spectrum')).toEqual([23]);
    expect(screen.getByRole('slider')).toHaveProperty('value', '50');
    expect(screen.getByText('Disagree')).toBeTruthy();
  });

  it('commits with Enter for keyboard players', async () => {
    play('spectrum', spectrumQuestions);
    const slider = screen.getByRole('slider');
    fireEvent.change(slider, { target: { value: '61' } });
    fireEvent.keyDown(slider, { key: 'Enter' });
    await advance(300);
    expect(answers('spectrum')).toEqual([61]);
  });
});

describe('game in progress', () => {
  it('resumes at the same round after a refresh', () => {
    const game = startGame('spectrum', GAME_ID, spectrumQuestions);
    saveGame({ ...game, answers: [40] });
    renderAt(`/spectrum/game/${GAME_ID}`, '/spectrum/game/:gameId', <Game edition="spectrum" />);
    expect(heading()).toBe('Wavelength round 2 of 2');
  });

  it('sends a creator without questions back to the landing screen', () => {
    renderAt(`/classic/game/${NEW_GAME_ID}`, '/classic/game/:gameId', <Game edition="classic" />);
    expect(screen.getByTestId('where').textContent).toBe('/classic');
  });

  it('sends a friend without questions to the join screen', () => {
    renderAt(`/classic/game/${GAME_ID}`, '/classic/game/:gameId', <Game edition="classic" />);
    expect(screen.getByTestId('where').textContent).toBe(`/join/${GAME_ID}`);
  });
});

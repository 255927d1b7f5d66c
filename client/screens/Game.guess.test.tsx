import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '../../shared/model.js';
import { roundPoints } from '../../shared/score.js';
import { saveTakeMyTime } from '../features/pace/pace.js';
import { saveCreatorName, startGame } from '../state/game.js';
import { advance, choose, mockFetch, renderAt, sentence } from '../test/helpers.js';
import Game from './Game.js';

const GAME_ID = 'gameGuess123';
const classicQuestions: Question[] = [
  { edition: 'classic', id: 'c1', text: 'Pick a pet', words: ['Dog', 'Cat', 'Fish', 'Bird'] },
  { edition: 'classic', id: 'c2', text: 'Pick a season', words: ['Winter', 'Spring', 'Summer', 'Autumn'] },
];
const spectrumQuestions: Question[] = [
  { edition: 'spectrum', id: 's1', text: 'I sing in the shower.', scale: 'rarely-often' },
  { edition: 'spectrum', id: 's2', text: 'Pineapple belongs on pizza.', scale: 'disagree-agree' },
];

/** A server whose creator answered `creator`: answer-round replies as a guess game's does. */
function server(edition: 'classic' | 'spectrum', creator: number[], offlineFirst = 0) {
  let failures = offlineFirst;
  return mockFetch(async (url, init) => {
    if (url.pathname === '/prod/answer-round') {
      if (failures > 0) {
        failures -= 1;
        throw new TypeError('Failed to fetch');
      }
      const { round, answer } = JSON.parse(String(init?.body));
      return {
        body: {
          ok: true,
          playerID: 'pub1',
          round: round + 1,
          rounds: creator.length,
          creatorAnswer: creator[round],
          points: roundPoints(edition, creator[round], answer),
        },
      };
    }
    return { body: { ok: true, score: 5, playerID: 'pub1' } };
  });
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const next = () => screen.getByRole('button', { name: 'Next' });

function play(edition: 'classic' | 'spectrum', questions: Question[]) {
  saveCreatorName(GAME_ID, 'Ada');
  startGame(edition, GAME_ID, questions, 'guess');
  return renderAt(`/${edition}/game/${GAME_ID}`, `/${edition}/game/:gameId`, <Game edition={edition} />);
}

beforeEach(() => {
  vi.useFakeTimers();
});

describe('a guess game', () => {
  it("asks what the creator would say, then shows each stored round's answer (Classic, Take my time)", async () => {
    saveTakeMyTime(true);
    server('classic', [1, 4]);
    play('classic', classicQuestions);
    expect(screen.getByText(sentence('What would Ada say?'))).toBeTruthy();
    await choose('Cat');
    fireEvent.click(next());
    await advance(0);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Not quite');
    expect(screen.getByText(sentence('Ada said “Dog”.'))).toBeTruthy();
    expect(screen.getByText('0 of 10 points')).toBeTruthy();
    // Take my time: it waits for Next.
    await advance(60_000);
    expect(screen.queryByRole('radio', { name: 'Winter' })).toBeNull();
    fireEvent.click(next());
    expect(heading()).toBe('Wavelength round 2 of 2');
    await choose('Autumn');
    fireEvent.click(next());
    await advance(0);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Right!');
    expect(screen.getByText(sentence('Ada said “Autumn”.'))).toBeTruthy();
  });

  it('moves on by itself when timed, and shows both points of a Spectrum round and how far off', async () => {
    saveTakeMyTime(false);
    server('spectrum', [50, 20]);
    play('spectrum', spectrumQuestions);
    fireEvent.change(screen.getByRole('slider'), { target: { value: '80' } });
    fireEvent.pointerUp(screen.getByRole('slider'), { target: { value: '80' } });
    await advance(300);
    expect(screen.getByText('Off by 30.')).toBeTruthy();
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(/Your guess: 80, Ada: 50/);
    await advance(2500);
    expect(heading()).toBe('Wavelength round 2 of 2');
  });

  it('never holds the play offline more than a moment, and shows the feedback when the reply comes', async () => {
    saveTakeMyTime(true);
    server('classic', [2, 4], 1);
    play('classic', classicQuestions);
    await choose('Cat');
    fireEvent.click(next());
    await advance(0);
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    // The send failed: the next round comes after a moment, and the retry's reply shows as a line.
    await advance(1200);
    expect(heading()).toBe('Wavelength round 2 of 2');
    expect(screen.getByRole('radio', { name: 'Winter' })).toBeTruthy();
    await advance(1000);
    expect(screen.getByRole('status').textContent).toBe('Right! Ada said “Cat”. 10 of 10 points');
  });
});

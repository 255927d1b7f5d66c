import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SpectrumQuestion } from '../../../shared/model.js';
import { roundPoints } from '../../../shared/score.js';
import { GuessFeedback } from './GuessFeedback.js';

const question: SpectrumQuestion = {
  edition: 'spectrum',
  id: 's1',
  text: 'I sing in the shower.',
  scale: 'rarely-often',
};

/** The feedback a Spectrum guess at `guess` gets when Ada put it at `creator`. */
function feedbackFor(guess: number, creator: number) {
  const points = roundPoints('spectrum', creator, guess);
  render(
    <GuessFeedback
      question={question}
      guess={guess}
      feedback={{ creatorAnswer: creator, points }}
      creator="Ada"
      timed={false}
    />,
  );
  return screen.getByRole('heading', { level: 2 }).textContent;
}

describe("a Spectrum guess's feedback", () => {
  it('celebrates a guess the reveal calls close: 18 off is worth 6.7 points', () => {
    expect(roundPoints('spectrum', 68, 50)).toBe(6.7);
    expect(feedbackFor(50, 68)).toBe('Close!');
    // Not "Off by 18": a close guess is not told it missed.
    expect(screen.getByText('Only 18 away.')).toBeTruthy();
  });

  it('calls a guess within 5 spot on, as the reveal does, and only one worth under half the points "Not quite"', () => {
    expect(feedbackFor(50, 50)).toBe('Spot on!');
    cleanup();
    expect(feedbackFor(50, 54)).toBe('Spot on!');
    cleanup();
    expect(feedbackFor(50, 79)).toBe('Close!');
    cleanup();
    expect(feedbackFor(50, 80)).toBe('Not quite');
  });
});

import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { roundPoints } from '../../shared/score.js';
import { CLOSE_POINTS, verdictOf, wordOf } from './RoundsComparison.js';
import { SpectrumTrack, trackX } from './SpectrumTrack.js';

describe('verdicts', () => {
  it('calls 10 a match, from 8 close, below that apart', () => {
    expect([10, 9.9, CLOSE_POINTS, 7.9, 0].map(verdictOf)).toEqual(['match', 'close', 'close', 'apart', 'apart']);
  });

  it('makes a Spectrum round a match only for the same answer, and close within 10 of each other', () => {
    expect(verdictOf(roundPoints('spectrum', 40, 40))).toBe('match');
    expect(verdictOf(roundPoints('spectrum', 40, 41))).toBe('close');
    expect(verdictOf(roundPoints('spectrum', 40, 50))).toBe('close');
    expect(verdictOf(roundPoints('spectrum', 40, 51))).toBe('apart');
  });

  it('reads a Classic answer as its word, 0 as no answer', () => {
    expect(wordOf(['Dog', 'Cat'], 2)).toBe('Cat');
    expect(wordOf(['Dog', 'Cat'], 0)).toBeNull();
  });
});

describe('spectrum track', () => {
  it('puts each marker at its answer along one 0–100 line, with the end labels', () => {
    const { container } = render(
      <SpectrumTrack ends={['Rarely', 'Often']} player={0} creator={100} labels={{ player: 'You', creator: 'Sam' }} />,
    );
    const x = (selector: string) => Number(container.querySelector(selector)?.getAttribute('cx'));
    expect(x('.reveal-marker--player')).toBe(trackX(0));
    expect(x('.reveal-marker--creator')).toBe(trackX(100));
    expect(trackX(50)).toBe((trackX(0) + trackX(100)) / 2);
    expect(container.querySelector('.reveal-track__ends')?.textContent).toBe('RarelyOften');
    expect(container.querySelector('.reveal-track__legend')?.textContent).toBe('You 0Sam 100');
  });
});

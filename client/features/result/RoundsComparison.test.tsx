import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { verdictOf } from '../../../shared/reveal.js';
import { roundPoints } from '../../../shared/score.js';
import { revealSummary, wordOf } from './RoundsComparison.js';
import { SpectrumTrack, trackX } from './SpectrumTrack.js';

describe('verdicts', () => {
  it('makes a Spectrum round in tune within 5 of each other, close up to 29 apart (half its points), else apart', () => {
    expect(verdictOf(roundPoints('spectrum', 40, 40))).toBe('in-tune');
    expect(verdictOf(roundPoints('spectrum', 40, 45))).toBe('in-tune');
    expect(verdictOf(roundPoints('spectrum', 40, 46))).toBe('close');
    expect(verdictOf(roundPoints('spectrum', 40, 69))).toBe('close');
    expect(verdictOf(roundPoints('spectrum', 40, 70))).toBe('apart');
  });

  it('sums the rounds up in the same words, leaving out verdicts no round got', () => {
    expect(revealSummary(['in-tune', 'close', 'apart', 'close', 'in-tune', 'in-tune'])).toBe(
      '3 in tune, 2 close, 1 apart',
    );
    expect(revealSummary(['in-tune', 'apart', 'in-tune'])).toBe('2 in tune, 1 apart');
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

import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClassicQuestion } from '../../../shared/model.js';
import { advance } from '../../test/helpers.js';
import { ClassicRound } from './ClassicRound.js';
import { SpectrumRound } from './SpectrumRound.js';

const question: ClassicQuestion = {
  edition: 'classic',
  id: 'c1',
  text: 'Pick a pet',
  words: ['Dog', 'Cat', 'Fish', 'Bird'],
};

beforeEach(() => {
  vi.useFakeTimers();
});

describe('Classic options', () => {
  it('are a radio group named by the question, that arrow keys move through without choosing', async () => {
    const onAnswer = vi.fn();
    render(<ClassicRound question={question} onAnswer={onAnswer} />);
    const group = screen.getByRole('radiogroup', { name: 'Pick a pet' });
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(4);
    expect(document.activeElement).toBe(radios[0]);
    expect(radios.map((radio) => radio.tabIndex)).toEqual([0, -1, -1, -1]);
    fireEvent.keyDown(group, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(radios[1]);
    expect(radios.map((radio) => radio.tabIndex)).toEqual([-1, 0, -1, -1]);
    fireEvent.keyDown(group, { key: 'End' });
    expect(document.activeElement).toBe(radios[3]);
    fireEvent.keyDown(group, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(radios[0]);
    fireEvent.keyDown(group, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(radios[3]);
    await advance(1_000);
    expect(onAnswer).not.toHaveBeenCalled();
    expect(radios.every((radio) => radio.getAttribute('aria-checked') === 'false')).toBe(true);
    // Choosing is as before: a click (Enter and Space click a button), then the round moves on.
    fireEvent.click(radios[3]);
    expect(radios[3].getAttribute('aria-checked')).toBe('true');
    await advance(200);
    const word = radios[3].textContent ?? '';
    expect(onAnswer).toHaveBeenCalledWith(question.words.indexOf(word) + 1);
  });
});

describe('a round just shown', () => {
  it('ignores a hurried tap meant for the last round, silently, then takes a choice (issue 43.3)', async () => {
    const onAnswer = vi.fn();
    render(<ClassicRound question={question} onAnswer={onAnswer} />);
    const radios = screen.getAllByRole('radio');
    // The second tap of a hurried double tap lands 200–300 ms after the round appeared.
    await advance(250);
    fireEvent.click(radios[1]);
    expect(radios[1].getAttribute('aria-checked')).toBe('false');
    expect(radios.every((radio) => !radio.hasAttribute('disabled'))).toBe(true);
    expect(screen.queryByRole('status')).toBeNull();
    await advance(1_000);
    expect(onAnswer).not.toHaveBeenCalled();
    fireEvent.click(radios[2]);
    expect(radios[2].getAttribute('aria-checked')).toBe('true');
    await advance(200);
    expect(onAnswer).toHaveBeenCalledWith(question.words.indexOf(radios[2].textContent ?? '') + 1);
  });
});

describe('the Spectrum hint', () => {
  it('names the keys the slider takes, and the slider is described by it', () => {
    render(
      <SpectrumRound
        question={{ edition: 'spectrum', id: 's1', text: 'I sing.', scale: 'rarely-often' }}
        onAnswer={() => {}}
      />,
    );
    const slider = screen.getByRole('slider');
    const hint = document.getElementById(slider.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toMatch(/arrows.*Page Up\/Down.*Home\/End.*Enter/);
  });
});

import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance } from '../../test/helpers.js';
import { ROUND_SECONDS, useRoundTimer } from './useRoundTimer.js';

function Timer({ onEnd }: { onEnd: () => void }) {
  const progress = useRoundTimer(true, onEnd);
  return <p data-testid="progress">{progress.toFixed(1)}</p>;
}

const progress = () => Number(screen.getByTestId('progress').textContent);

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  // Back to jsdom's own answer (the prototype's getter).
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('round timer', () => {
  it('runs out after 10 s', async () => {
    expect(ROUND_SECONDS).toBe(10);
    const onEnd = vi.fn();
    render(<Timer onEnd={onEnd} />);
    await advance(9_990);
    expect(onEnd).not.toHaveBeenCalled();
    await advance(10);
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(progress()).toBe(100);
  });

  it('pauses while the page is hidden and resumes where it was when it is shown again', async () => {
    const onEnd = vi.fn();
    render(<Timer onEnd={onEnd} />);
    await advance(4_000);
    expect(progress()).toBe(40);

    // A notification takes over the phone for a minute: the clock runs on, the round does not.
    setVisibility('hidden');
    await advance(60_000);
    expect(onEnd).not.toHaveBeenCalled();
    expect(progress()).toBe(40);

    setVisibility('visible');
    await advance(5_990);
    expect(onEnd).not.toHaveBeenCalled();
    expect(progress()).toBeCloseTo(99.9);
    await advance(10);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });
});

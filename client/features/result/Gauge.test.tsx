import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { advance } from '../../test/helpers.js';
import { GAUGE_COLORS, Gauge, gaugeColor, gaugeTarget, percentGap } from './Gauge.js';

const shown = () => Number(screen.getByTestId('gauge-value').firstChild?.textContent);

beforeEach(() => {
  vi.useFakeTimers();
});

describe('gauge', () => {
  it('counts up one point every 20 ms and stops at score × 10', async () => {
    render(<Gauge score={7.3} />);
    expect(shown()).toBe(0);
    await advance(20);
    expect(shown()).toBe(1);
    await advance(19);
    expect(shown()).toBe(1);
    await advance(1);
    expect(shown()).toBe(2);
    await advance(20 * 71);
    expect(shown()).toBe(73);
    await advance(5_000);
    expect(shown()).toBe(73);
  });

  it('jumps straight to the final value when the user prefers reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    render(<Gauge score={4.2} />);
    expect(shown()).toBe(42);
  });

  it('says the score out of 10 beneath the percentage, as the other screens count it', () => {
    render(<Gauge score={6.1} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('61% match');
    expect(screen.getByText('6.1 out of 10')).toBeTruthy();
  });

  it('writes "86 %" in German and "86%" in English, Spanish and Portuguese', () => {
    expect(percentGap('de')).toBe('\u00a0');
    for (const locale of ['en', 'es', 'pt-BR']) expect(percentGap(locale)).toBe('');
  });

  it('turns a score into a whole percentage within 0..100', () => {
    expect(gaugeTarget(7.3)).toBe(73);
    expect(gaugeTarget(0.1)).toBe(1);
    expect(gaugeTarget(10)).toBe(100);
    expect(gaugeTarget(12)).toBe(100);
    expect(gaugeTarget(-1)).toBe(0);
  });

  it('has six colour steps', () => {
    const colours = new Set(Array.from({ length: 101 }, (_, p) => gaugeColor(p)));
    expect(colours.size).toBe(6);
    expect(GAUGE_COLORS).toHaveLength(6);
    expect(gaugeColor(0)).toBe(GAUGE_COLORS[0][1]);
    expect(gaugeColor(100)).toBe(GAUGE_COLORS[5][1]);
  });
});

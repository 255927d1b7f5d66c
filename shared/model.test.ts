import { describe, expect, it } from 'vitest';
import { describeScaleCodes, SCALE_CODES, SCALE_ENDS, type SpectrumScale, scaleCode, scaleOf } from './model.js';

describe('Spectrum scales', () => {
  it('are one table: each code reads back as its scale, with its two ends', () => {
    expect(SCALE_CODES).toEqual(['A', 'B', 'C']);
    for (const scale of Object.keys(SCALE_ENDS) as SpectrumScale[]) expect(scaleOf(scaleCode(scale))).toBe(scale);
    expect(SCALE_ENDS[scaleOf('B')]).toEqual(['Disagree', 'Agree']);
    // The original client's reading: anything but A or B is False to True.
    expect(scaleOf('Z')).toBe('false-true');
    expect(describeScaleCodes()).toBe('"A" (Rarely–Often), "B" (Disagree–Agree) or "C" (False–True)');
  });
});

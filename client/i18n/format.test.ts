import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/languages.js';
import { formatCount } from './format.js';

describe('a count as the reader writes it', () => {
  it('is what Intl.NumberFormat writes, in every language of the product, below 1,000 and above', () => {
    for (const language of LANGUAGES) {
      const i18n = setupI18n({ locale: language, messages: { [language]: {} } });
      for (const count of [0, 1, 7, 15, 42, 100, 999, 1000, 1234, 98765, 2.5, -3]) {
        expect(formatCount(i18n, count), `${language} ${count}`).toBe(new Intl.NumberFormat(language).format(count));
      }
    }
  });

  it('writes whole numbers below 1,000 without asking Intl (whose first use is slow)', () => {
    const i18n = setupI18n({ locale: 'de', messages: { de: {} } });
    i18n.number = () => {
      throw new Error('Intl.NumberFormat was asked');
    };
    expect(formatCount(i18n, 15)).toBe('15');
    expect(() => formatCount(i18n, 1000)).toThrow('Intl.NumberFormat was asked');
  });
});

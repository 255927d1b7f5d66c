import { afterEach, describe, expect, it } from 'vitest';
import { measurementId, publicPath, startAnalytics } from './analytics.js';

const gtagScript = () => document.querySelector('script[src^="https://www.googletagmanager.com/"]');

afterEach(() => {
  document.head.innerHTML = '';
});

describe('analytics', () => {
  it('loads nothing when the measurement id is empty', () => {
    document.head.innerHTML = '<meta name="ga-measurement-id" content="" />';
    expect(measurementId()).toBe('');
    startAnalytics();
    expect(gtagScript()).toBeNull();
    expect(window.dataLayer).toBeUndefined();
  });

  it('keeps game ids out of the paths it reports', () => {
    expect(publicPath('/join/abcDEF123')).toBe('/join/:gameId');
    expect(publicPath('/result/abcDEF123')).toBe('/result/:gameId');
    expect(publicPath('/classic/game/abcDEF123')).toBe('/classic/game/:gameId');
    expect(publicPath('/spectrum/game/new-game')).toBe('/spectrum/game/new-game');
    expect(publicPath('/spectrum')).toBe('/spectrum');
  });
});

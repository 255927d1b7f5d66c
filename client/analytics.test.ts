import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_FOUND_PATTERN, PAGE_ROUTES } from '../shared/routes.js';
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

/** A path of `pattern` whose every `:name` is an id that must not leave the browser. */
const samplePath = (pattern: string) =>
  pattern === NOT_FOUND_PATTERN
    ? '/nothing-here/Secret0id0404'
    : pattern.replace(/:(\w+)/g, (_, name: string) => `Secret0${name}0x9`);

describe('page views', () => {
  it('report every route of the table as its pattern, with no id in them', async () => {
    document.head.innerHTML = '<meta name="ga-measurement-id" content="G-TEST123" />';
    vi.resetModules();
    const { startAnalytics: start, trackPageView } = await import('./analytics.js');
    start();
    const reported = () =>
      (window.dataLayer ?? [])
        .map((entry) => [...(entry as IArguments)])
        .filter(([kind, name]) => kind === 'event' && name === 'page_view')
        .map(([, , params]) => params as { page_path: string; page_location: string });

    const shown = PAGE_ROUTES.filter((route) => route.screen !== 'Home');
    for (const route of shown) trackPageView(samplePath(route.pattern));
    expect(reported().map((view) => view.page_path)).toEqual(shown.map((route) => route.pattern));
    for (const view of reported()) expect(JSON.stringify(view)).not.toContain('Secret');
    // With a trailing slash, too.
    trackPageView('/comparison/Secret0game/Secret0friend/');
    expect(reported().at(-1)?.page_path).toBe('/comparison/:gameId/:playerID');
    delete window.dataLayer;
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './idle.js';

const gtagScript = () => document.querySelector('script[src^="https://www.googletagmanager.com/"]');
/** The page views handed to gtag so far. */
const pageViews = () =>
  (window.dataLayer ?? [])
    .map((entry) => [...(entry as IArguments)])
    .filter(([kind, name]) => kind === 'event' && name === 'page_view')
    .map(([, , params]) => (params as { page_path: string }).page_path);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  delete window.dataLayer;
});

describe('work deferred to an idle moment', () => {
  it('waits for the idle callback, and a cancelled one never runs', () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => idle.splice(handle - 1, 1, () => {}));
    const work = vi.fn();
    const cancelled = vi.fn();
    whenIdle(work);
    whenIdle(cancelled)();
    expect(work).not.toHaveBeenCalled();
    for (const callback of idle) callback({ didTimeout: false, timeRemaining: () => 50 });
    expect(work).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('falls back to a timer where requestIdleCallback is missing (Safari)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
  });
});

describe('analytics fetched only where configured', () => {
  it('fetches nothing without a measurement id, and page views go nowhere', async () => {
    document.head.innerHTML = '<meta name="ga-measurement-id" content="" />';
    vi.resetModules();
    const loader = await import('./analytics-loader.js');
    loader.startAnalyticsIfConfigured();
    loader.trackPageViewLater('/spectrum');
    await vi.dynamicImportSettled();
    expect(gtagScript()).toBeNull();
    expect(window.dataLayer).toBeUndefined();
  });

  it('with an id, starts gtag and reports the page views asked for before its code arrived', async () => {
    document.head.innerHTML = '<meta name="ga-measurement-id" content="G-TEST123" />';
    vi.resetModules();
    const loader = await import('./analytics-loader.js');
    loader.startAnalyticsIfConfigured();
    loader.trackPageViewLater('/join/Secret0game');
    await vi.dynamicImportSettled();
    expect(gtagScript()).not.toBeNull();
    expect(pageViews()).toEqual(['/join/:gameId']);
  });
});

import { cleanup, type RenderHookOptions, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { activateLanguage } from '../i18n/i18n.js';
import { withI18n } from './i18n.js';

// Every render and renderHook gets the app's I18nProvider, as main.tsx gives the app.
vi.mock('@testing-library/react', async (importOriginal) => {
  const library = await importOriginal<typeof import('@testing-library/react')>();
  const render = (ui: ReactElement, options?: RenderOptions) =>
    library.render(ui, { ...options, wrapper: withI18n(options?.wrapper) });
  const renderHook = <Result, Props>(hook: (props: Props) => Result, options?: RenderHookOptions<Props>) =>
    library.renderHook(hook, { ...options, wrapper: withI18n(options?.wrapper) });
  return { ...library, render, renderHook };
});

/**
 * A passing test prints nothing: a console.error or console.warn the test did not expect fails
 * it, so stderr never shows what reads like a crash. A test that expects one stubs the console
 * itself (vi.spyOn(console, 'error').mockImplementation(() => {})).
 */
let unexpected: string[] = [];
beforeEach(() => {
  unexpected = [];
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      unexpected.push(`console.${level}: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(async () => {
  cleanup();
  // Tests read English unless they switch; a switch does not leak into the next test.
  await activateLanguage('en');
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
  expect(unexpected, 'unexpected console output').toEqual([]);
});

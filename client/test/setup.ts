import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';

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

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
  expect(unexpected, 'unexpected console output').toEqual([]);
});

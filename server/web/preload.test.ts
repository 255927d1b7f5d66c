import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '../../shared/routes.js';
import { ROOT_DIR } from '../paths.js';
import { screenSource } from './preload.js';

describe('the preloaded screens', () => {
  it("are named by the source Vite's manifest lists them under", () => {
    const preloaded = PAGE_ROUTES.filter((each) => each.preload);
    expect(preloaded.length).toBeGreaterThan(0);
    for (const route of preloaded) {
      expect(existsSync(join(ROOT_DIR, 'client', screenSource(route.screen))), route.screen).toBe(true);
    }
  });
});

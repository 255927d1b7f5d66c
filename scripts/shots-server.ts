/**
 * What the screenshot scripts (journey-shots.ts, journey-3-shots.ts, words-shots.ts) share: a
 * built checkout's server on a fresh SQLite file with no rate limits, a call to its API, and a phone to look at it with.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';

/** Starts `dir`'s built server (dist/) and waits for /healthz; `env` adds to its configuration. */
export async function startServer(
  dir: string,
  env: Record<string, string> = {},
): Promise<{ url: string; stop(): void }> {
  const data = mkdtempSync(join(tmpdir(), 'wavelength-shots-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child: ChildProcess = spawn(process.execPath, [join(dir, 'dist', 'server', 'main.js')], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(data, 'wavelength.db')}`,
      RATE_LIMIT_PER_MINUTE: '0',
      PLAYS_PER_ADDRESS_PER_GAME: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop() {
      child.kill();
      rmSync(data, { recursive: true, force: true });
    },
  };
}

/** POSTs `body` to `/prod/{path}`; anything but 2xx throws with the server's answer. */
export async function call(url: string, path: string, body: unknown) {
  const response = await fetch(`${url}/prod/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A 360 px phone in dark mode with reduced motion, in `locale`, as `userId` when given. */
export async function phonePage(browser: Browser, locale: string, userId?: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    colorScheme: 'dark',
    locale,
    reducedMotion: 'reduce',
  });
  if (userId) await context.addInitScript((id) => localStorage.setItem('wavelength.userId', id), userId);
  return context.newPage();
}

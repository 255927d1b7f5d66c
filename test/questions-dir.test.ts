/**
 * QUESTIONS_DIR through the real server process (the built dist/server/main.js): a bad bank stops
 * it at start-up with one line naming the file, a good one is what it serves.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR as root } from '../server/paths.js';
import { freePort, type ServerProcess, spawnServer, waitForHealth } from '../server/testing/process.js';

let child: ServerProcess | undefined;
afterEach(() => {
  child?.proc.kill('SIGKILL');
  child = undefined;
});

async function start(env: Record<string, string>) {
  const port = await freePort();
  child = spawnServer(['node', 'dist/server/main.js'], {
    PATH: process.env.PATH,
    PORT: String(port),
    DATABASE_URL: 'sqlite::memory:',
    LOG_LEVEL: 'warn',
    ...env,
  });
  return child;
}

function bankDir(spectrumCount: number, classicCount: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'wavelength-bank-'));
  const spectrum = Array.from({ length: spectrumCount }, (_, i) => ({
    id: `mine-s${i + 1}`,
    question: `How often do you do our thing number ${i + 1}?`,
    options: 'A',
  }));
  const classic = Array.from({ length: classicCount }, (_, i) => ({
    id: `mine-c${i + 1}`,
    question: `Our word number ${i + 1}`,
    options: ['One', 'Two', 'Three', 'Four'],
  }));
  writeFileSync(join(dir, 'spectrum.json'), JSON.stringify(spectrum));
  writeFileSync(join(dir, 'classic.json'), JSON.stringify(classic));
  return dir;
}

describe('the server with QUESTIONS_DIR', () => {
  beforeAll(() => {
    if (!existsSync(join(root, 'dist', 'server', 'main.js'))) {
      throw new Error('dist/ is missing: run `npm run build` (npm test does it for you)');
    }
  });

  it('refuses to start on a folder that does not exist, with one line naming it', async () => {
    const dir = join(tmpdir(), 'wavelength-no-such-bank');
    const server = await start({ QUESTIONS_DIR: dir });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(`Question bank ${dir}: no such folder`);
  });

  it('refuses to start when an edition has fewer questions than QUESTIONS_PER_GAME', async () => {
    const dir = bankDir(12, 4);
    const server = await start({ QUESTIONS_DIR: dir, QUESTIONS_PER_GAME: '5' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      `Question bank ${join(dir, 'classic.json')}: 4 questions, but a game needs QUESTIONS_PER_GAME=5; add at least 1 more`,
    );
  });

  it('refuses to start on an edition past 10,000 questions, with one line naming the file', async () => {
    const dir = bankDir(10_001, 6);
    const server = await start({ QUESTIONS_DIR: dir, QUESTIONS_PER_GAME: '5' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      `Question bank ${join(dir, 'spectrum.json')}: 10,001 questions; an edition holds at most 10,000, remove 1`,
    );
  });

  it('serves the folder’s questions', async () => {
    const server = await start({ QUESTIONS_DIR: bankDir(6, 6), QUESTIONS_PER_GAME: '5' });
    await waitForHealth(server);
    const { questions } = await (await fetch(`${server.url}/prod/get-questions?gametype=classic`)).json();
    expect(questions).toHaveLength(5);
    for (const q of questions) expect(q).toMatchObject({ questionID: expect.stringMatching(/^mine-c\d$/) });
    expect(await server.stop()).toBe(0);
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnServer, waitForHealth } from '../server/testing/process.js';

/**
 * The real server (server/main.ts) in its own process on loopback, with a database file and no
 * rate limit, so that the benchmark's clients and the server do not share an event loop.
 */
export async function startServer(env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'wavelength-bench-'));
  const server = spawnServer([process.execPath, '--import', 'tsx', 'server/main.ts'], {
    ...process.env,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`,
    RATE_LIMIT_PER_MINUTE: '0',
    // The fan-out benchmark opens 1,000 live sockets from one address.
    LIVE_SOCKETS_PER_ADDRESS: '0',
    LOG_LEVEL: 'warn',
    ...env,
  });
  await waitForHealth(server);
  return { url: server.url, stop: server.stop, pid: server.proc.pid as number };
}

export async function postJson(url: string, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** Creates a Spectrum game and returns its id and question count. */
export async function createSpectrumGame(url: string) {
  const { questions } = await (await fetch(`${url}/prod/get-questions?gametype=spectrum`)).json();
  const { body } = await postJson(`${url}/prod/create-game`, {
    userId: crypto.randomUUID(),
    userName: 'Bench',
    questionSet: questions.map((q: { questionID: string }) => q.questionID),
    answerSet: questions.map(() => 50),
    gameType: 'Spectrum',
  });
  return { gameId: body.gameId as string, rounds: questions.length as number };
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

export const ms = (value: number) => `${value.toFixed(1)} ms`;

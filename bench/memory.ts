/**
 * Memory per cached game and per friends' circle, for the capacity model (docs/scaling.md):
 * `games` Spectrum games of `friends` friends are played through one server; a second server is
 * then started on the same database file, so that nothing is cached, and its RSS is read before
 * and after every game's scoreboard is read (each game's room: definition, scoreboard and its
 * serialized copies) and after every game's circle is read (a creator's get-circle).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGame, friend, loadavg, post, rssKiB, sleep, startServer } from './harness.js';

interface MemoryOptions {
  games: number;
  friends: number;
}

interface Played {
  gameId: string;
  creatorId: string;
}

/** Creates a game and logs its friends, 25 at a time; returns the creator's id with it. */
async function playedGame(url: string, friends: number): Promise<Played> {
  const { gameId, creatorId, rounds } = await createGame(url);
  for (let done = 0; done < friends; done += 25) {
    const batch = Array.from({ length: Math.min(25, friends - done) }, (_, i) =>
      friend(gameId, rounds, `Friend ${done + i}`),
    );
    await Promise.all(batch.map((body) => post(`${url}/prod/log-response`, body)));
  }
  return { gameId, creatorId };
}

async function readAll(urls: string[]): Promise<void> {
  for (let i = 0; i < urls.length; i += 20) {
    await Promise.all(
      urls.slice(i, i + 20).map(async (url) => {
        const response = await fetch(url);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      }),
    );
  }
}

export async function memoryBench(dir: string, options: MemoryOptions) {
  const load = loadavg();
  const db = join(mkdtempSync(join(tmpdir(), 'wavelength-memory-')), 'memory.db');
  const env = { DATABASE_URL: `sqlite:${db}` };
  const games: Played[] = [];
  const writer = await startServer('writer', dir, env);
  try {
    for (let i = 0; i < options.games; i++) games.push(await playedGame(writer.url, options.friends));
  } finally {
    await writer.stop();
  }
  const server = await startServer('server', dir, env);
  try {
    // One game read first, so that the code every read runs is loaded before the baseline.
    const warm = await createGame(server.url);
    await readAll([`${server.url}/prod/get-all-players?gameId=${warm.gameId}`]);
    await sleep(1000);
    const before = rssKiB(server.pid);
    await readAll(games.map((g) => `${server.url}/prod/get-all-players?gameId=${g.gameId}`));
    await sleep(2000);
    const rooms = rssKiB(server.pid);
    await readAll(games.map((g) => `${server.url}/prod/get-circle?gameId=${g.gameId}&userId=${g.creatorId}`));
    await sleep(2000);
    const circles = rssKiB(server.pid);
    return {
      options,
      load,
      before,
      perGame: (rooms - before) / options.games,
      perCircle: (circles - rooms) / options.games,
    };
  } finally {
    await server.stop();
  }
}

export function printMemory(result: Awaited<ReturnType<typeof memoryBench>>) {
  const { options, load, before, perGame, perCircle } = result;
  console.log(
    `\nMemory: ${options.games.toLocaleString('en-US')} games of ${options.friends} friends (10 rounds) read by a fresh server (load ${load})`,
  );
  console.log(
    `  RSS before ${(before / 1024).toFixed(0)} MiB; per cached game (room: definition, scoreboard) ${perGame.toFixed(1)} KiB; per friends' circle ${perCircle.toFixed(1)} KiB`,
  );
}

/**
 * Kill rounds (issue 30, item 2): two instances on one PostgreSQL database with the Redis bus.
 * Each round a new game is watched on B (live sockets, and its board read once), friends answer
 * through A as fast as they can, A is killed with SIGKILL in the middle, and 10 s later B's board
 * (get-all-players) and each of B's sockets are compared with what the database stored. A board
 * that differs is stale. A is started again for the next round.
 *   npx tsx bench/kill-rounds.ts [rounds = 10] [sockets per round = 3] [bus = redis | notify] [writers = 8]
 * Needs PostgreSQL (BENCH_POSTGRES_URL) and, for `redis`, Redis (BENCH_REDIS_URL, default
 * redis://127.0.0.1:6379); the instances use a Redis channel of their own and a throw-away database.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { WebSocket } from 'ws';
import { asAdmin } from '../server/testing/postgres.js';
import { freePort, spawnServer, waitForHealth } from '../server/testing/process.js';
import type { LiveMessage } from '../shared/live.js';
import { createGame, DEFAULT_POSTGRES_URL, freshDatabase, friend, sleep } from './harness.js';

const [rounds = 10, socketsPerRound = 3] = process.argv.slice(2, 4).map(Number);
const bus = process.argv[4] ?? 'redis';
/** Friends answering through A at once, each as fast as it can. */
const WRITERS = Number(process.argv[5] ?? 8);
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ENTRY = resolve(import.meta.dirname, 'kill-instance.ts');
const GRACE_MS = 10_000;

const database = await freshDatabase(DEFAULT_POSTGRES_URL);
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: database.url,
  ...(bus === 'redis' ? { BUS_URL: redisUrl } : {}),
  KILL_BUS_CHANNEL: `wl_kill_${randomBytes(6).toString('hex')}`,
  RATE_LIMIT_PER_MINUTE: '0',
  LIVE_SOCKETS_PER_ADDRESS: '0',
  MAX_PLAYERS_PER_GAME: '1000000',
  LOG_LEVEL: 'error',
};

async function instance() {
  // Node itself, with no wrapper: SIGKILL must reach the instance, not a parent that leaves it running.
  const server = spawnServer([process.execPath, '--import', 'tsx', ENTRY], {
    ...env,
    PORT: String(await freePort()),
  });
  await waitForHealth(server, 60_000);
  return server;
}

/** The players a socket shows: its last snapshot, then the players and removals after it. */
function watch(url: string, gameId: string): Promise<{ players: Set<string>; close(): void }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/prod/live/${gameId}`);
    const players = new Set<string>();
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as LiveMessage;
      if (message.type === 'snapshot') {
        players.clear();
        for (const player of message.players) players.add(player.playerID);
        resolve({ players, close: () => socket.close() });
      } else if (message.type === 'player') players.add(message.player.playerID);
      else if (message.type === 'removed') players.delete(message.playerID);
    });
    socket.once('error', reject);
  });
}

const stored = (gameId: string) =>
  asAdmin(database.url, async (client) => {
    const { rows } = await client.query('SELECT count(*)::int AS n FROM responses WHERE game_id = $1', [gameId]);
    return rows[0].n as number;
  });

const b = await instance();
let a = await instance();
// Whatever ends this script ends its instances too.
process.on('exit', () => {
  a.proc.kill('SIGKILL');
  b.proc.kill('SIGKILL');
});
let staleRounds = 0;
let staleBoards = 0;
let boards = 0;
try {
  for (let round = 1; round <= rounds; round++) {
    const { gameId, rounds: questions } = await createGame(b.url);
    const sockets = await Promise.all(Array.from({ length: socketsPerRound }, () => watch(b.url, gameId)));
    // B keeps the board in memory from here on, kept fresh only by the bus.
    await fetch(`${b.url}/prod/get-all-players?gameId=${gameId}`);
    let writing = true;
    const writer = async () => {
      while (writing) {
        try {
          await fetch(`${a.url}/prod/log-response`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(friend(gameId, questions)),
          });
        } catch {
          return; // A is gone.
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, writer);
    await sleep(300 + Math.random() * 700);
    a.proc.kill('SIGKILL');
    writing = false;
    await Promise.all(writers);
    await a.exited;
    const killedAt = performance.now();
    // How long B's sockets took to show everything stored (checked every 100 ms, up to the grace).
    let caughtUp: number | undefined;
    while (performance.now() - killedAt < GRACE_MS) {
      const count = await stored(gameId);
      if (caughtUp === undefined && sockets.every((socket) => socket.players.size === count)) {
        caughtUp = performance.now() - killedAt;
      }
      await sleep(100);
    }
    const expected = await stored(gameId);
    const board = (await (await fetch(`${b.url}/prod/get-all-players?gameId=${gameId}`)).json()).players.length;
    const views = [board, ...sockets.map((socket) => socket.players.size)];
    const stale = views.filter((count) => count !== expected).length;
    boards += views.length;
    staleBoards += stale;
    if (stale > 0) staleRounds += 1;
    console.log(
      `round ${round}: stored ${expected}; B's board ${board}; B's sockets ${sockets.map((s) => s.players.size).join(', ')}; ` +
        `sockets caught up ${caughtUp === undefined ? 'never' : `${(caughtUp / 1000).toFixed(1)} s`} after the kill${stale ? `  STALE (${stale})` : ''}`,
    );
    for (const socket of sockets) socket.close();
    a = await instance();
  }
} finally {
  a.proc.kill('SIGKILL');
  await b.stop();
  await database.drop();
}
console.log(
  `${rounds} kill rounds (${bus}): ${staleRounds} with a stale board; ${staleBoards} of ${boards} boards stale 10 s after the kill`,
);

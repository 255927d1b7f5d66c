/**
 * Your friends' circle on full games (1,000 friends, the default MAX_PLAYERS_PER_GAME):
 * - a creator's get-circle the first time (the circle is built from the database: every pair once)
 *   and after that (kept up to date), and a friend's (their 999 matches);
 * - what a new answer costs once the game's circle is held (it is compared with every friend once),
 *   as the CPU per log-response beside the same on a game whose circle nobody asked for.
 * The server's CPU is read from /proc (10 ms ticks): the first-call figure is the median over a
 * few games, the others are per request over many.
 */
import autocannon from 'autocannon';
import { cpuMicros, createGame, friend, median, now, post, type Running, startServer } from './harness.js';

interface CircleOptions {
  /** Friends per game. */
  friends: number;
  /** Full games whose first creator call is measured. */
  games: number;
  seconds: number;
  connections: number;
}

interface FullGame {
  gameId: string;
  creatorId: string;
  rounds: number;
  /** One friend's private id (for the friend's view). */
  friendId: string;
}

/** A Spectrum game with `friends` friends of random answers, logged 20 at a time. */
async function fullGame(server: Running, friends: number): Promise<FullGame> {
  const { gameId, creatorId, rounds } = await createGame(server.url);
  let friendId = '';
  for (let done = 0; done < friends; done += 20) {
    const batch = Array.from({ length: Math.min(20, friends - done) }, (_, i) =>
      friend(gameId, rounds, `F${done + i}`),
    );
    friendId ||= batch[0].playerId;
    await Promise.all(batch.map((body) => post(`${server.url}/prod/log-response`, body)));
  }
  return { gameId, creatorId, rounds, friendId };
}

async function getOk(url: string): Promise<void> {
  const response = await fetch(url);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
}

/** CPU µs per request of `path`, over `seconds` with `connections` connections. */
async function cpuPerRequest(server: Running, path: string, options: CircleOptions) {
  const before = cpuMicros(server.pid);
  const result = await autocannon({
    url: server.url + path,
    connections: options.connections,
    duration: options.seconds,
  });
  if (result.non2xx + result.errors > 0) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { cpu: (cpuMicros(server.pid) - before) / result.requests.total, rps: result.requests.average };
}

/** CPU µs per log-response of `count` new friends, one at a time. */
async function cpuPerAnswer(server: Running, game: FullGame, count: number) {
  const before = cpuMicros(server.pid);
  for (let i = 0; i < count; i++) await post(`${server.url}/prod/log-response`, friend(game.gameId, game.rounds));
  return (cpuMicros(server.pid) - before) / count;
}

/** New answers on each side (a game whose circle is held, one whose circle is not): 4 × 100. */
const NEW_ANSWER_CHUNKS = 4;
const NEW_ANSWERS_PER_CHUNK = 100;

export async function circleBench(dir: string, options: CircleOptions) {
  // Room for the extra friends of the new-answer measurement.
  const server = await startServer('server', dir, {
    MAX_PLAYERS_PER_GAME: String(options.friends + NEW_ANSWER_CHUNKS * NEW_ANSWERS_PER_CHUNK),
  });
  try {
    const creatorPath = (g: FullGame) => `/prod/get-circle?gameId=${g.gameId}&userId=${g.creatorId}`;
    const first: { wallMs: number; cpuMs: number }[] = [];
    const games: FullGame[] = [];
    for (let i = 0; i < options.games; i++) {
      const game = await fullGame(server, options.friends);
      games.push(game);
      const cpu = cpuMicros(server.pid);
      const start = now();
      await getOk(server.url + creatorPath(game));
      first.push({ wallMs: now() - start, cpuMs: (cpuMicros(server.pid) - cpu) / 1000 });
    }
    const [game] = games;
    const creatorWarm = await cpuPerRequest(server, creatorPath(game), options);
    const friendWarm = await cpuPerRequest(
      server,
      `/prod/get-circle?gameId=${game.gameId}&playerId=${game.friendId}`,
      options,
    );
    // Two games of `friends` friends: one whose circle is held (games[1] was asked above), one never asked.
    const unasked = await fullGame(server, options.friends);
    // In alternating chunks, so that a slow moment of the machine weighs on both alike; the CPU is
    // read in 10 ms ticks, so each side gets 400 answers (±25 µs per answer from the ticks alone).
    let withCircle = 0;
    let withoutCircle = 0;
    for (let chunk = 0; chunk < NEW_ANSWER_CHUNKS; chunk++) {
      withCircle += (await cpuPerAnswer(server, games[1] ?? game, NEW_ANSWERS_PER_CHUNK)) / NEW_ANSWER_CHUNKS;
      withoutCircle += (await cpuPerAnswer(server, unasked, NEW_ANSWERS_PER_CHUNK)) / NEW_ANSWER_CHUNKS;
    }
    return { options, first, creatorWarm, friendWarm, withCircle, withoutCircle };
  } finally {
    await server.stop();
  }
}

export function printCircle(result: Awaited<ReturnType<typeof circleBench>>) {
  const { options, first, creatorWarm, friendWarm, withCircle, withoutCircle } = result;
  const f = (n: number, digits = 1) => n.toFixed(digits);
  console.log(`\nFriends' circle: games of ${options.friends} friends (Spectrum), server CPU`);
  console.log(
    `  creator, first call (builds the circle): CPU ms ${first.map((r) => f(r.cpuMs, 0)).join(' ')} → median ${f(median(first.map((r) => r.cpuMs)), 0)}; wall ms median ${f(median(first.map((r) => r.wallMs)))}`,
  );
  console.log(`  creator, circle held: ${f(creatorWarm.cpu)} CPU µs/req (${Math.round(creatorWarm.rps)} req/s)`);
  console.log(
    `  friend (${options.friends - 1} matches): ${f(friendWarm.cpu)} CPU µs/req (${Math.round(friendWarm.rps)} req/s)`,
  );
  console.log(
    `  log-response of a new friend: ${f(withCircle)} CPU µs with the circle held, ${f(withoutCircle)} without (${f(withCircle - withoutCircle)} µs for the circle)`,
  );
}

/** The goal: a creator's call on a full game under 50 ms of server CPU, first call included. */
export const circleWorstMs = (result: Awaited<ReturnType<typeof circleBench>>) =>
  Math.max(median(result.first.map((r) => r.cpuMs)), result.creatorWarm.cpu / 1000);

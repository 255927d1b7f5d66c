/**
 * npm run bench -- push: what a hung push service costs friends' answers. One server, one push
 * service stand-in over TLS (trusted through NODE_EXTRA_CA_CERTS) that takes every push and never
 * answers. Rounds alternate between games nobody subscribed to and games whose creator gets
 * pushes (so every answer queues a push that hangs): log-response's latency and the server's CPU
 * per answer, side by side, with the spread across rounds.
 */
import autocannon from 'autocannon';
import { startPushService } from '../server/testing/push-service.js';
import { cpuMicros, createGame, friend, loadavg, medianRange, post, sleep, startServer } from './harness.js';

export interface PushOptions {
  rounds: number;
  seconds: number;
  connections: number;
}

interface Sample {
  p50: number;
  p99: number;
  rps: number;
  cpuMicros: number;
  errors: number;
}

export interface PushResult {
  load: string[];
  quiet: Sample[];
  hung: Sample[];
  /** Pushes the stand-in received (and held) during the run. */
  pushesHeld: number;
  /** Server CPU µs per push delivered (encrypting, signing, the TLS request), beyond the answer's own, each round. */
  perPush: number[];
  /** Server CPU µs per answer in the same one-at-a-time loop without a subscription, each round. */
  perAnswer: number[];
}

/** Games whose first push (sent at once) is timed, after the rounds. */
const PUSH_GAMES = 200;

const POOL = 20;
const JSON_HEADERS = { 'content-type': 'application/json' };

export async function pushBench(dir: string, options: PushOptions): Promise<PushResult> {
  const service = await startPushService();
  service.setMode('hang');
  const server = await startServer('push', dir, {
    PUSH_SERVICE_HOSTS: service.host,
    NODE_EXTRA_CA_CERTS: service.certificateFile,
  });
  const load = [loadavg()];
  try {
    const pool = async (subscribed: boolean) =>
      Promise.all(
        Array.from({ length: POOL }, async (_, i) => {
          const game = await createGame(server.url);
          if (subscribed) {
            const subscription = service.subscription(`bench-${i}-${game.gameId}`);
            await post(`${server.url}/prod/subscribe-push`, {
              gameId: game.gameId,
              userId: game.creatorId,
              subscription,
            });
          }
          return game;
        }),
      );
    const run = async (games: Awaited<ReturnType<typeof pool>>): Promise<Sample> => {
      let next = 0;
      const cpu = cpuMicros(server.pid);
      const result = await autocannon({
        url: `${server.url}/prod/log-response`,
        connections: options.connections,
        duration: options.seconds,
        requests: [
          {
            method: 'POST',
            path: '/prod/log-response',
            headers: JSON_HEADERS,
            setupRequest(request) {
              const game = games[next++ % games.length];
              return { ...request, body: JSON.stringify(friend(game.gameId, game.rounds)) };
            },
          },
        ],
      });
      return {
        p50: result.latency.p50,
        p99: result.latency.p99,
        rps: result.requests.total / result.duration,
        cpuMicros: (cpuMicros(server.pid) - cpu) / result.requests.total,
        errors: result.errors + result.non2xx + result.timeouts,
      };
    };
    const quiet: Sample[] = [];
    const hung: Sample[] = [];
    // Warm-up, then alternate: the same server, the same moment, with and without hung pushes.
    await run(await pool(false));
    for (let round = 0; round < options.rounds; round++) {
      quiet.push(await run(await pool(false)));
      hung.push(await run(await pool(true)));
      load.push(loadavg());
    }
    const pushesHeld = service.received.length;
    // CPU per push: one friend answers each of PUSH_GAMES new games, one answer at a time, with
    // the push service answering; a game's first push goes at once. The same loop on games nobody
    // subscribed to is the answers' own CPU. A pair of loops first warms the code a push runs
    // (encryption, TLS, the push service's replies): measured cold, a push had looked 3–4 times
    // dearer than it is. Then the two alternate, the order swapped each round.
    service.setMode('deliver');
    const oneAtATime = async (subscribed: boolean) => {
      const games = [];
      for (let i = 0; i < PUSH_GAMES / POOL; i++) games.push(...(await pool(subscribed)));
      await sleep(200);
      const delivered = service.received.length;
      const cpu = cpuMicros(server.pid);
      for (const game of games) await post(`${server.url}/prod/log-response`, friend(game.gameId, game.rounds));
      if (subscribed) {
        const deadline = Date.now() + 30_000;
        while (service.received.length - delivered < games.length && Date.now() < deadline) await sleep(5);
      }
      await sleep(200);
      return (cpuMicros(server.pid) - cpu) / games.length;
    };
    await oneAtATime(false);
    await oneAtATime(true);
    const perAnswer: number[] = [];
    const perPush: number[] = [];
    for (let round = 0; round < Math.max(3, options.rounds); round++) {
      const order = round % 2 ? [true, false] : [false, true];
      const [first, second] = [await oneAtATime(order[0]), await oneAtATime(order[1])];
      const [withPush, without] = order[0] ? [first, second] : [second, first];
      perAnswer.push(without);
      perPush.push(withPush - without);
    }
    return { load, quiet, hung, pushesHeld, perPush, perAnswer };
  } finally {
    await server.stop();
    await service.close();
  }
}

const range = medianRange;

export function printPush(result: PushResult): void {
  console.log('\nWeb Push: log-response while the push service hangs (median of the rounds, range)');
  console.log(`  load: ${result.load.join(' | ')}`);
  console.log('  games                      p50 ms        p99 ms         answers/s        CPU µs/answer   errors');
  for (const [name, samples] of [
    ['no subscription', result.quiet],
    ['creator subscribed (hung)', result.hung],
  ] as const) {
    console.log(
      `  ${name.padEnd(26)} ${range(samples.map((s) => s.p50)).padEnd(13)} ${range(samples.map((s) => s.p99)).padEnd(14)} ${range(samples.map((s) => s.rps)).padEnd(16)} ${range(samples.map((s) => s.cpuMicros)).padEnd(15)} ${samples.reduce((sum, s) => sum + s.errors, 0)}`,
    );
  }
  console.log(`  pushes held open by the stand-in: ${result.pushesHeld}`);
  console.log(
    `  a push delivered (encrypted, signed, sent over TLS): ${range(result.perPush)} server CPU µs beyond its answer's ${range(result.perAnswer)} (${PUSH_GAMES} games a round, one answer at a time, after a warm-up)`,
  );
}

/**
 * npm run bench -- push: what a hung push service costs friends' answers. One server, one push
 * service stand-in over TLS (trusted through NODE_EXTRA_CA_CERTS) that takes every push and never
 * answers. Rounds alternate between games nobody subscribed to and games whose creator gets
 * pushes (so every answer queues a push that hangs): log-response's latency and the server's CPU
 * per answer, side by side, with the spread across rounds.
 */
import autocannon from 'autocannon';
import { startPushService } from '../server/testing/push-service.js';
import { cpuMicros, createGame, friend, loadavg, median, post, startServer } from './harness.js';

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
}

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
    return { load, quiet, hung, pushesHeld: service.received.length };
  } finally {
    await server.stop();
    await service.close();
  }
}

const range = (values: number[], digits = 0) =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

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
}

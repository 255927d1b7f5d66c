/**
 * npm run bench -- push-fair: how long another creator waits for their first push while one push
 * service hangs (issue 42.3; the contract says within 5 s). Two push service stand-ins over TLS:
 * one takes every push and never answers, the other delivers. Each round, on a fresh server: 10
 * games × 50 subscriptions on the hung one (10 creators: one creator holds at most 100 now, and
 * the same load is asked of every server), one friend finishes each, and once the hung service
 * has its first pushes, another creator's friend finishes a game subscribed on the other service:
 * the time from that answer to its push arriving, given up after --push-fair-wait seconds.
 * `compare <dir> push-fair` runs <dir>'s server ("before") and this one alternately.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPushService } from '../server/testing/push-service.js';
import { createGame, friend, loadavg, medianRange, now, post, sleep, startServer } from './harness.js';

export interface PushFairOptions {
  rounds: number;
  /** Milliseconds to wait for the other creator's push before giving up on it. */
  waitMs: number;
  games: number;
  subscriptions: number;
}

export interface PushFairResult {
  options: PushFairOptions;
  load: string[];
  /** Per server: ms from the answer to its push arriving, each round (waitMs when it never came). */
  servers: { name: string; ms: number[]; late: number; hungOnWire: number[] }[];
}

async function waitFor(test: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (!test()) {
    if (Date.now() > until) return false;
    await sleep(2);
  }
  return true;
}

export async function pushFairBench(servers: [string, string][], options: PushFairOptions): Promise<PushFairResult> {
  const hung = await startPushService();
  hung.setMode('hang');
  const answering = await startPushService();
  // Both stand-ins' certificates, trusted by the server.
  const certificates = join(hung.certificateFile, '..', 'both.pem');
  writeFileSync(
    certificates,
    readFileSync(hung.certificateFile, 'utf8') + readFileSync(answering.certificateFile, 'utf8'),
  );
  const results = servers.map(([name]) => ({ name, ms: [] as number[], late: 0, hungOnWire: [] as number[] }));
  const load = [loadavg()];
  try {
    for (let round = 0; round < options.rounds; round++) {
      // Alternate which server goes first.
      const order = round % 2 ? [...servers.keys()].reverse() : [...servers.keys()];
      for (const index of order) {
        const [name, dir] = servers[index];
        const server = await startServer(`push-fair-${name}`, dir, {
          PUSH_SERVICE_HOSTS: `${hung.host},${answering.host}`,
          NODE_EXTRA_CA_CERTS: certificates,
        });
        try {
          const games = [];
          for (let g = 0; g < options.games; g++) {
            const game = await createGame(server.url);
            for (let i = 0; i < options.subscriptions; i++) {
              const subscription = hung.subscription(`r${round}-g${g}-s${i}`);
              await post(`${server.url}/prod/subscribe-push`, {
                gameId: game.gameId,
                userId: game.creatorId,
                subscription,
              });
            }
            games.push(game);
          }
          const other = await createGame(server.url);
          await post(`${server.url}/prod/subscribe-push`, {
            gameId: other.gameId,
            userId: other.creatorId,
            subscription: answering.subscription(`r${round}-other`),
          });
          const hungBefore = hung.received.length;
          for (const game of games) await post(`${server.url}/prod/log-response`, friend(game.gameId, game.rounds));
          // The hung service has its first pushes, and no more arrive for a moment: the rest wait.
          await waitFor(() => hung.received.length > hungBefore, 10_000);
          let seen = -1;
          while (seen !== hung.received.length) {
            seen = hung.received.length;
            await sleep(300);
          }
          results[index].hungOnWire.push(hung.received.length - hungBefore);
          const delivered = answering.received.length;
          const start = now();
          await post(`${server.url}/prod/log-response`, friend(other.gameId, other.rounds, 'Cy'));
          const arrived = await waitFor(() => answering.received.length > delivered, options.waitMs);
          results[index].ms.push(arrived ? now() - start : options.waitMs);
          if (!arrived) results[index].late++;
        } finally {
          await server.stop();
        }
      }
      load.push(loadavg());
    }
    return { options, load, servers: results };
  } finally {
    await hung.close();
    await answering.close();
  }
}

export function printPushFair(result: PushFairResult): void {
  const { options } = result;
  console.log(
    `\nWeb Push: another creator's first push while ${options.games} games × ${options.subscriptions} subscriptions hang (ms from the answer to the push, median of ${options.rounds} rounds, range)`,
  );
  console.log(`  load: ${result.load.join(' | ')}`);
  for (const server of result.servers) {
    const late =
      server.late > 0
        ? `; ${server.late} of ${server.ms.length} never came within ${options.waitMs / 1000} s (counted as ${options.waitMs})`
        : '';
    console.log(
      `  ${server.name.padEnd(8)} ${medianRange(server.ms, 1).padEnd(26)} pushes held open by the hung service: ${medianRange(server.hungOnWire)}${late}`,
    );
  }
}

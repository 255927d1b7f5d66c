/**
 * Live channel fan-out: SUBSCRIBERS sockets watch one game; for each of ROUNDS responses, the
 * delay from the log-response answer to the moment the last subscriber has the score.
 * Usage: npm run bench -- live [subscribers] [rounds]
 */

import { readFileSync } from 'node:fs';
import { WebSocket } from 'ws';
import { createSpectrumGame, ms, percentile, postJson, startServer } from './harness.js';

/** Resident memory of the server process (Linux). */
function serverRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

export async function liveFanout(subscribers = 1000, rounds = 30) {
  const { url, stop, pid } = await startServer();
  const { gameId, rounds: questions } = await createSpectrumGame(url);
  const wsUrl = `${url.replace('http', 'ws')}/prod/live/${gameId}`;

  // Each socket records when it received each player's score, keyed by player name.
  const received: Map<string, number>[] = [];
  const sockets: WebSocket[] = [];
  for (let batch = 0; batch < subscribers; batch += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, subscribers - batch) }, () => {
        const seen = new Map<string, number>();
        received.push(seen);
        return new Promise<void>((resolve, reject) => {
          const socket = new WebSocket(wsUrl);
          sockets.push(socket);
          socket.on('message', (data) => {
            const message = JSON.parse(String(data));
            if (message.type === 'snapshot') resolve();
            else seen.set(message.player.playerName, performance.now());
          });
          socket.on('error', reject);
        });
      }),
    );
  }
  const rss = serverRssMiB(pid);

  const fromAnswer: number[] = [];
  const fromRequest: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const name = `friend-${round}`;
    const sent = performance.now();
    const { status } = await postJson(`${url}/prod/log-response`, {
      gameId,
      playerId: crypto.randomUUID(),
      userName: name,
      responseSet: Array.from({ length: questions }, () => Math.floor(Math.random() * 101)),
    });
    const answered = performance.now();
    if (status !== 200) throw new Error(`log-response answered ${status}`);
    while (received.some((seen) => !seen.has(name))) await new Promise((resolve) => setImmediate(resolve));
    const last = Math.max(...received.map((seen) => seen.get(name) as number));
    // Negative: every subscriber had the score before the writer had its answer.
    fromAnswer.push(last - answered);
    fromRequest.push(last - sent);
  }

  for (const socket of sockets) socket.terminate();
  await stop();
  return {
    subscribers,
    rounds,
    rssMiB: Math.round(rss),
    afterAnswer: { p50: percentile(fromAnswer, 50), p95: percentile(fromAnswer, 95), max: Math.max(...fromAnswer) },
    afterRequest: { p50: percentile(fromRequest, 50), p95: percentile(fromRequest, 95), max: Math.max(...fromRequest) },
  };
}

export function printLiveFanout(result: Awaited<ReturnType<typeof liveFanout>>) {
  console.log(`\nLive fan-out: ${result.subscribers} subscribers of one game, ${result.rounds} responses`);
  console.log(`  server RSS with all sockets open: ${result.rssMiB} MiB`);
  const { afterAnswer: a, afterRequest: r } = result;
  console.log('  (a negative delay means the last subscriber had the score before the writer had its answer)');
  console.log(
    `  log-response answer -> last subscriber has the score: p50 ${ms(a.p50)}, p95 ${ms(a.p95)}, max ${ms(a.max)}`,
  );
  console.log(
    `  log-response sent   -> last subscriber has the score: p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, max ${ms(r.max)}`,
  );
}

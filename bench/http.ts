/**
 * HTTP load with autocannon against the real app on loopback: the calls a friend makes while
 * playing (get-questions, join-game, get-all-players) and the one write (log-response).
 * Usage: npm run bench -- http [seconds]
 */
import autocannon from 'autocannon';
import { createSpectrumGame, postJson, startServer } from './harness.js';

interface Row {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(name: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: 20, ...options });
  return {
    name,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export async function httpLoad(seconds = 5) {
  const { url, stop } = await startServer();
  const { gameId, rounds } = await createSpectrumGame(url);
  const rows: Row[] = [];
  rows.push(await load('GET get-questions', { url: `${url}/prod/get-questions?gametype=spectrum`, duration: seconds }));
  rows.push(
    await load('POST join-game', {
      url: `${url}/prod/join-game`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ gameId }),
      duration: seconds,
    }),
  );
  // Every request is a new friend: a fresh UUID per request.
  rows.push(
    await load('POST log-response', {
      url: `${url}/prod/log-response`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      duration: seconds,
      setupClient(client) {
        client.setBody(body());
        client.on('response', () => client.setBody(body()));
      },
    }),
  );
  // A scoreboard of a realistic size: a game with 50 friends.
  const board = await createSpectrumGame(url);
  for (let i = 0; i < 50; i++) {
    await postJson(`${url}/prod/log-response`, { ...JSON.parse(body()), gameId: board.gameId });
  }
  rows.push(
    await load('GET get-all-players (50)', {
      url: `${url}/prod/get-all-players?gameId=${board.gameId}`,
      duration: seconds,
    }),
  );
  await stop();
  return rows;

  function body() {
    return JSON.stringify({
      gameId,
      playerId: crypto.randomUUID(),
      userName: 'Load',
      responseSet: Array.from({ length: rounds }, () => Math.floor(Math.random() * 101)),
    });
  }
}

export function printHttpLoad(rows: Row[]) {
  console.log('\nHTTP load (20 connections each, loopback):');
  console.log('  call                       requests   req/s   p50 ms   p99 ms   errors');
  for (const r of rows) {
    console.log(
      `  ${r.name.padEnd(26)} ${String(r.requests).padStart(8)} ${String(r.rps).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(8)}`,
    );
  }
}

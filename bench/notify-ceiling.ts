/**
 * Where LISTEN/NOTIFY stops scaling: notifications per second one PostgreSQL server carries to N
 * listening connections (one per server instance), each notification one commit's batch of game
 * events (as the server sends them, see server/events/postgres-bus.ts).
 *   npx tsx bench/notify-ceiling.ts [seconds per step = 4] [listeners = 1,8,32,64] [events per notification = 1,10]
 * Writers commit with synchronous_commit off, so the figure is NOTIFY's own ceiling, not the disk's
 * (a real write waits for its commit anyway). Needs PostgreSQL (BENCH_POSTGRES_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres): a throw-away database, dropped at the end.
 */
import pg from 'pg';
import { GAME_EVENTS_CHANNEL, notifyPayloads } from '../server/events/postgres-bus.js';
import { DEFAULT_POSTGRES_URL, freshDatabase, loadavg } from './harness.js';

const [seconds = 4] = process.argv.slice(2, 3).map(Number);
const listenerCounts = (process.argv[3] ?? '1,8,32,64').split(',').map(Number);
const batchSizes = (process.argv[4] ?? '1,10').split(',').map(Number);
const WRITERS = 4;

const database = await freshDatabase(DEFAULT_POSTGRES_URL);
const connect = async () => {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  return client;
};

/** A batch of `size` player events, as one commit of answers announces them. */
function payload(size: number): string {
  const events = Array.from({ length: size }, (_, i) => ({
    gameId: `game${i % 7}`,
    event: {
      type: 'player' as const,
      player: { playerID: `p${i}xxxxxxxxxx`, playerName: `Friend number ${i}`, score: 7.5 },
    },
  }));
  return notifyPayloads(events, 'echo-000000000000-1')[0];
}

async function step(listeners: number, size: number) {
  const clients = await Promise.all(Array.from({ length: listeners }, connect));
  const received = new Array<number>(listeners).fill(0);
  await Promise.all(
    clients.map(async (client, i) => {
      client.on('notification', () => received[i]++);
      await client.query(`LISTEN ${GAME_EVENTS_CHANNEL}`);
    }),
  );
  const writers = await Promise.all(Array.from({ length: WRITERS }, connect));
  const text = payload(size);
  let sent = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    writers.map(async (writer) => {
      await writer.query('SET synchronous_commit = off');
      while (Date.now() < end) {
        await writer.query({ name: 'notify', text: 'SELECT pg_notify($1, $2)', values: [GAME_EVENTS_CHANNEL, text] });
        sent++;
      }
    }),
  );
  // What was sent is delivered in order: wait (at most 10 s) until the slowest listener has it all.
  const drained = Date.now() + 10_000;
  while (Math.min(...received) < sent && Date.now() < drained) await new Promise((r) => setTimeout(r, 20));
  const elapsed = (Date.now() - (end - seconds * 1000)) / 1000;
  await Promise.all([...clients, ...writers].map((client) => client.end()));
  return { sent: sent / seconds, delivered: Math.min(...received) / elapsed, bytes: Buffer.byteLength(text) };
}

console.log(`LISTEN/NOTIFY ceiling, ${WRITERS} writers, ${seconds} s per step, load ${loadavg()}`);
console.log(
  '  listeners  events/notification  bytes  sent notifications/s  delivered to each/s  events to each/s  messages out/s',
);
try {
  for (const size of batchSizes) {
    for (const listeners of listenerCounts) {
      const r = await step(listeners, size);
      console.log(
        `  ${String(listeners).padStart(9)}  ${String(size).padStart(19)}  ${String(r.bytes).padStart(5)}  ${Math.round(r.sent).toLocaleString('en-US').padStart(20)}  ${Math.round(r.delivered).toLocaleString('en-US').padStart(19)}  ${Math.round(
          r.delivered * size,
        )
          .toLocaleString('en-US')
          .padStart(16)}  ${Math.round(r.delivered * listeners)
          .toLocaleString('en-US')
          .padStart(14)}`,
      );
    }
  }
} finally {
  await database.drop();
}
console.log(`load at the end: ${loadavg()}`);
process.exit(0);

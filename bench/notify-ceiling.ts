/**
 * Where LISTEN/NOTIFY stops scaling, and what Redis pub/sub (BUS_URL) carries instead: messages
 * per second one PostgreSQL server, then one Redis, delivers to N listening connections (one per
 * server instance), each message one commit's batch of game events (as the server sends them, see
 * server/events/postgres-bus.ts and redis-bus.ts).
 *   npx tsx bench/notify-ceiling.ts [seconds per step = 4] [listeners = 1,8,32,64] [events per message = 1,10] [buses = notify,redis]
 * Writers commit with synchronous_commit off, so the figure is NOTIFY's own ceiling, not the disk's
 * (a real write waits for its commit anyway). Redis publishers keep REDIS_IN_FLIGHT PUBLISHes in
 * flight each (as an instance's one publishing connection does for its concurrent commits), and
 * wait while the slowest listener is more than WINDOW messages behind, so that no listener
 * overflows Redis' output buffer: the figure is what every listener receives. All listeners live
 * in this one process, which may be the limit before the server is (its CPU is shown). Needs
 * PostgreSQL (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres: a
 * throw-away database, dropped at the end) and, for `redis`, Redis (BENCH_REDIS_URL, default
 * redis://127.0.0.1:6379: a channel of its own).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { GAME_EVENTS_CHANNEL } from '../server/events/envelope.js';
import { notifyPayloads } from '../server/events/postgres-bus.js';
import { DEFAULT_POSTGRES_URL, freshDatabase, loadavg } from './harness.js';

const [seconds = 4] = process.argv.slice(2, 3).map(Number);
const listenerCounts = (process.argv[3] ?? '1,8,32,64').split(',').map(Number);
const batchSizes = (process.argv[4] ?? '1,10').split(',').map(Number);
const buses = (process.argv[5] ?? 'notify,redis').split(',');
const WRITERS = 4;
const REDIS_IN_FLIGHT = 8;
const WINDOW = 2_000;
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisChannel = `wl_bench_${randomBytes(4).toString('hex')}`;

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

async function notifyStep(listeners: number, size: number) {
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

/** Redis' own CPU seconds so far (user + system), from INFO. */
async function redisCpu(client: Redis): Promise<number> {
  const info = await client.info('cpu');
  const field = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)?.[1] ?? 0);
  return field('used_cpu_user') + field('used_cpu_sys');
}

async function redisStep(listeners: number, size: number) {
  const open = () => new Redis(redisUrl, { maxRetriesPerRequest: 0, retryStrategy: () => null });
  const clients = Array.from({ length: listeners }, open);
  const received = new Array<number>(listeners).fill(0);
  await Promise.all(
    clients.map(async (client, i) => {
      client.on('message', () => received[i]++);
      await client.subscribe(redisChannel);
    }),
  );
  const writers = Array.from({ length: WRITERS }, open);
  const text = payload(size);
  const cpuBefore = await redisCpu(writers[0]);
  let sent = 0;
  const start = Date.now();
  const end = start + seconds * 1000;
  await Promise.all(
    writers.flatMap((writer) =>
      Array.from({ length: REDIS_IN_FLIGHT }, async () => {
        while (Date.now() < end) {
          if (sent - Math.min(...received) > WINDOW) {
            await new Promise((r) => setImmediate(r));
            continue;
          }
          sent++;
          await writer.publish(redisChannel, text);
        }
      }),
    ),
  );
  const drained = Date.now() + 10_000;
  while (Math.min(...received) < sent && Date.now() < drained) await new Promise((r) => setTimeout(r, 20));
  const elapsed = (Date.now() - start) / 1000;
  const cpu = (await redisCpu(writers[0])) - cpuBefore;
  for (const client of [...clients, ...writers]) client.disconnect();
  return {
    sent: sent / seconds,
    delivered: Math.min(...received) / elapsed,
    bytes: Buffer.byteLength(text),
    serverCpu: cpu / elapsed,
  };
}

const count = (value: number, width: number) => Math.round(value).toLocaleString('en-US').padStart(width);

console.log(
  `LISTEN/NOTIFY and Redis pub/sub ceilings, ${WRITERS} writers (Redis: ${REDIS_IN_FLIGHT} PUBLISHes in flight each), ${seconds} s per step, load ${loadavg()}`,
);
console.log(
  '  bus     listeners  events/message  bytes  sent messages/s  delivered to each/s  events to each/s  messages out/s  Redis CPU',
);
try {
  for (const size of batchSizes) {
    for (const listeners of listenerCounts) {
      for (const bus of buses) {
        const r: { sent: number; delivered: number; bytes: number; serverCpu?: number } =
          bus === 'redis' ? await redisStep(listeners, size) : await notifyStep(listeners, size);
        const cpu = r.serverCpu === undefined ? '' : `${Math.round(r.serverCpu * 100)}%`.padStart(9);
        console.log(
          `  ${bus.padEnd(6)}  ${String(listeners).padStart(9)}  ${String(size).padStart(14)}  ${String(r.bytes).padStart(5)}  ${count(r.sent, 15)}  ${count(r.delivered, 19)}  ${count(r.delivered * size, 16)}  ${count(r.delivered * listeners, 14)}  ${cpu}`.trimEnd(),
        );
      }
    }
  }
} finally {
  await database.drop();
}
console.log(`load at the end: ${loadavg()}`);
process.exit(0);

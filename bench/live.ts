/**
 * The live channel under load.
 * - Fan-out: SOCKETS sockets watch one game; a friend's log-response is sent MESSAGES times, one
 *   at a time. For each: the writer's answer time, and the delay from the request being sent to
 *   the moment EVERY socket has the new score. With several servers, the messages alternate
 *   between them (each has its own sockets open at the same time).
 * - RSS: the server's resident memory before and after 10,000 idle sockets, per socket.
 */
import { availableParallelism } from 'node:os';
import {
  cpuMicros,
  createGame,
  friend,
  loadavg,
  now,
  percentile,
  pin,
  post,
  type Running,
  rssKiB,
  sleep,
  startServer,
} from './harness.js';
import { LiveClients } from './workers.js';

interface LiveOptions {
  sockets: number;
  messages: number;
  gapMs: number;
  clients: number;
  /** Server on core 0, client processes on the other cores (where there are two or more). */
  pinned?: boolean;
}

/** The cores of the client processes when pinned: every core but the server's. */
const clientCores = () => `1-${Math.max(1, availableParallelism() - 1)}`;

/** One server with its game watched by `group` sockets. */
interface Watched {
  server: Running;
  gameId: string;
  rounds: number;
  /** Messages sent so far on this game (the index of the next one). */
  sent: number;
  writer: number[];
  delivery: number[];
  /** CPU µs the server used per message (from the request to the last socket's delivery), and the client processes. */
  serverCpu: number[];
  clientCpu: number[];
  /** Bursts (BURST answers at once): from the requests to every socket having all, and server CPU µs per delivered message. */
  burst: number[];
  burstCpu: number[];
}

/** Friends answering one watched game at the same moment (a group chat that just got the link). */
const BURST = 10;

/** Sends BURST responses at once and waits until every socket has all of them. */
async function oneBurst(clients: LiveClients, w: Watched, sockets: number) {
  const first = w.sent;
  w.sent += BURST;
  const delivered = clients.delivered(w.server.name, first + BURST - 1);
  const cpu = cpuMicros(w.server.pid);
  const sent = now();
  await Promise.all(
    Array.from({ length: BURST }, (_, i) =>
      post(`${w.server.url}/prod/log-response`, friend(w.gameId, w.rounds, `Burst ${first + i}`)),
    ),
  );
  const last = await delivered;
  w.burst.push(last - sent);
  w.burstCpu.push((cpuMicros(w.server.pid) - cpu) / (BURST * sockets));
}

/** Sends one friend's response and waits until every socket of the game has it. */
async function oneMessage(clients: LiveClients, w: Watched, record: boolean) {
  const k = w.sent++;
  const body = friend(w.gameId, w.rounds, `Friend ${k}`);
  const delivered = clients.delivered(w.server.name, k);
  const cpu = cpuMicros(w.server.pid);
  const clientCpu = sum(clients.pids.map(cpuMicros));
  const sent = now();
  await post(`${w.server.url}/prod/log-response`, body);
  const answered = now();
  const last = await delivered;
  if (!record) return;
  w.writer.push(answered - sent);
  w.delivery.push(last - sent);
  w.serverCpu.push(cpuMicros(w.server.pid) - cpu);
  w.clientCpu.push(sum(clients.pids.map(cpuMicros)) - clientCpu);
}

async function watch(clients: LiveClients, server: Running, sockets: number): Promise<Watched> {
  const { gameId, rounds } = await createGame(server.url);
  await clients.open(server.name, `${server.url.replace('http', 'ws')}/prod/live/${gameId}`, sockets);
  return {
    server,
    gameId,
    rounds,
    sent: 0,
    writer: [],
    delivery: [],
    serverCpu: [],
    clientCpu: [],
    burst: [],
    burstCpu: [],
  };
}

export async function liveBench(servers: [string, string][], options: LiveOptions) {
  const load = [loadavg()];
  const running: Running[] = [];
  const pinned = options.pinned === true && availableParallelism() >= 2;
  const clients = new LiveClients(options.clients, pinned ? clientCores() : undefined);
  try {
    for (const [name, dir] of servers) {
      const server = await startServer(name, dir);
      if (pinned) pin(server.pid, '0');
      running.push(server);
    }
    const watched: Watched[] = [];
    const openedIn: number[] = [];
    for (const server of running) {
      const start = now();
      watched.push(await watch(clients, server, options.sockets));
      openedIn.push((now() - start) / 1000);
    }
    for (const w of watched) for (let i = 0; i < 3; i++) await oneMessage(clients, w, false);
    for (let m = 0; m < options.messages; m++) {
      for (let i = 0; i < watched.length; i++) {
        await oneMessage(clients, watched[(i + m) % watched.length], true);
        await sleep(options.gapMs);
      }
    }
    for (let b = 0; b < 5; b++) {
      for (const w of watched) {
        await oneBurst(clients, w, options.sockets);
        await sleep(options.gapMs);
      }
    }
    load.push(loadavg());
    return { options, pinned, load, rows: watched.map((w, i) => ({ ...summary(w), openedIn: openedIn[i] })) };
  } finally {
    await clients.close();
    await Promise.all(running.map((s) => s.stop()));
  }
}

function summary(w: Watched) {
  return {
    name: w.server.name,
    writer: [percentile(w.writer, 50), percentile(w.writer, 99)],
    delivery: [percentile(w.delivery, 50), percentile(w.delivery, 99)],
    /** Mean CPU µs per message: the server's, and the client processes' (tick-grained, so averaged). */
    serverCpu: mean(w.serverCpu),
    clientCpu: mean(w.clientCpu),
    burst: percentile(w.burst, 50),
    burstCpu: percentile(w.burstCpu, 50),
    /** p99 of each fifth of the messages, in order: how steady the delivery was. */
    fifths: fifths(w.delivery).map((part) => percentile(part, 99)),
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const mean = (values: number[]) => (values.length ? sum(values) / values.length : 0);

function fifths(values: number[]): number[][] {
  const size = Math.ceil(values.length / 5);
  return Array.from({ length: Math.ceil(values.length / size) }, (_, i) => values.slice(i * size, (i + 1) * size));
}

const ms = (value: number) => value.toFixed(1).padStart(7);

export function printLive(result: Awaited<ReturnType<typeof liveBench>>) {
  const { options, load, rows, pinned } = result;
  console.log(
    `\nLive fan-out: ${options.sockets.toLocaleString('en-US')} sockets on one game per server, ${options.messages} messages each, one at a time`,
  );
  console.log(
    `  ${pinned ? `server pinned to core 0, its ${options.clients} client processes to cores ${clientCores()}` : 'not pinned'}; load average before/after: ${load.join(' | ')}`,
  );
  console.log(
    '  server   writer answer p50/p99 ms   sent -> every socket p50/p99 ms   p99 of each fifth of the messages   CPU ms/message server, clients   sockets opened in',
  );
  for (const r of rows) {
    console.log(
      `  ${r.name.padEnd(8)} ${ms(r.writer[0])} ${ms(r.writer[1])}${''.padEnd(11)} ${ms(r.delivery[0])} ${ms(r.delivery[1])}   ${r.fifths
        .map((v) => v.toFixed(0))
        .join(' ')
        .padEnd(
          34,
        )}${`${(r.serverCpu / 1000).toFixed(1)}, ${(r.clientCpu / 1000).toFixed(1)}`.padEnd(33)}${r.openedIn.toFixed(1)} s`,
    );
  }
  console.log(
    `  bursts of ${BURST} answers at once (5 per server): until every socket has all, median; server CPU per delivered message`,
  );
  for (const r of rows) console.log(`  ${r.name.padEnd(8)} ${ms(r.burst)} ms   ${r.burstCpu.toFixed(2)} µs`);
}

/** Server RSS before and after `sockets` idle sockets on one game (a fresh server per checkout). */
export async function rssBench(servers: [string, string][], options: LiveOptions) {
  const rows = [];
  for (const [name, dir] of servers) {
    const load = loadavg();
    const server = await startServer(name, dir);
    const clients = new LiveClients(options.clients);
    try {
      // A first socket (opened and closed) loads the live code before the baseline is read.
      const warm = new LiveClients(1);
      const { gameId } = await createGame(server.url);
      await warm.open('warm', `${server.url.replace('http', 'ws')}/prod/live/${gameId}`, 1);
      await warm.close();
      await sleep(1000);
      const before = rssKiB(server.pid);
      const w = await watch(clients, server, options.sockets);
      await sleep(2000);
      const after = rssKiB(server.pid);
      // For information: a few messages to all of them.
      for (let i = 0; i < options.messages + 1; i++) await oneMessage(clients, w, i > 0);
      rows.push({ ...summary(w), load, before, after, perSocket: (after - before) / options.sockets });
    } finally {
      await clients.close();
      await server.stop();
    }
  }
  return { options, rows };
}

export function printRss(result: Awaited<ReturnType<typeof rssBench>>) {
  const { options, rows } = result;
  console.log(`\nRSS: ${options.sockets.toLocaleString('en-US')} idle sockets on one game (a fresh server each)`);
  console.log(
    `  then, for information, ${options.messages} messages to all of them (writer answer, delivery to every socket)`,
  );
  console.log('  server   RSS before   RSS after   KiB/socket   writer p50 ms   delivery p50 ms   load');
  for (const r of rows) {
    const mib = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`;
    console.log(
      `  ${r.name.padEnd(8)} ${mib(r.before).padStart(10)}  ${mib(r.after).padStart(10)}  ${r.perSocket.toFixed(1).padStart(11)}   ${ms(r.writer[0]).padStart(13)}   ${ms(r.delivery[0]).padStart(15)}   ${r.load}`,
    );
  }
}

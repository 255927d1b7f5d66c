/**
 * The live channel under load.
 * - Fan-out: SOCKETS sockets watch one game; MESSAGES live messages are made one at a time, as real
 *   play makes them: friends play round by round (ten answer-rounds, each a `playing` message, then
 *   a log-response, a `player` message), and after every fourth friend a game made back for the
 *   creator (create-game's replyTo, a `reply` message) and a removal (remove-player, `removed`).
 *   For each: the writer's answer time, the delay from the request being sent to the moment EVERY
 *   socket has the message, and the server's CPU. The floor (bench/bare-ws.ts, a bare ws server
 *   writing the same pre-framed bytes straight to each socket) holds as many sockets from the same
 *   client processes and is measured the same way, its messages alternating with the servers'.
 * - RSS: the server's resident memory before and after 10,000 idle sockets, per socket.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import {
  cpuMicros,
  createGame,
  friend,
  loadavg,
  median,
  newGameBody,
  now,
  percentile,
  pin,
  post,
  type Running,
  rssKiB,
  sleep,
  startBareWs,
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
  /** Measure the bare-ws floor beside the servers (the fan-out part; not the RSS part). */
  floor?: boolean;
}

/** The cores of the client processes when pinned: every core but the server's. */
const clientCores = () => `1-${Math.max(1, availableParallelism() - 1)}`;

/** What one message of the run is: the request that makes it, by the message it makes. */
type Kind = 'playing' | 'player' | 'reply' | 'removed';
const KINDS: Kind[] = ['playing', 'player', 'reply', 'removed'];

/** After every this many friends who finish, one `reply` and one `removed` (creators' own, rarer moves). */
const CREATOR_MOVE_EVERY = 4;

/** A friend playing round by round. */
interface Play {
  playerId: string;
  name: string;
  answers: number[];
  /** Rounds stored so far. */
  round: number;
  /** Their public id (from the first stored round). */
  playerID?: string;
}

/** One server (or the floor) with its game watched by `group` sockets. */
interface Watched {
  server: Running;
  /** The bare-ws floor: its messages are built here and posted to /send. */
  floor: boolean;
  /** False for a server without answer-round (a checkout before it): log-responses only. */
  roundByRound: boolean;
  gameId: string;
  creatorId: string;
  rounds: number;
  /** Messages sent so far on this game (the index of the next one). */
  sent: number;
  play?: Play;
  /** Friends who finished (their private and public ids), and the creator moves due. */
  finished: { playerId: string; playerID: string }[];
  due: Kind[];
  kinds: Kind[];
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

/** The kind of the next message on `w`, as real play goes (see the top of this file). */
function nextKind(w: Watched): Kind {
  const due = w.due.shift();
  if (due) return due;
  if (!w.roundByRound) return 'player';
  if (!w.play) {
    const n = w.finished.length + 1;
    const answers = Array.from({ length: w.rounds }, () => Math.floor(Math.random() * 101));
    w.play = { playerId: crypto.randomUUID(), name: `Friend ${n}`, answers, round: 0 };
  }
  return w.play.round < w.rounds ? 'playing' : 'player';
}

const idOf = (bytes: number) => randomBytes(bytes).toString('base64url');

/**
 * The request that makes the next message of kind `kind` on `w` (prepared: nothing it needs is
 * read while it is timed). Returns it, to be awaited in the timed window.
 */
async function prepare(w: Watched, kind: Kind): Promise<() => Promise<unknown>> {
  const url = w.server.url;
  const play = w.play;
  if (kind === 'playing' && play) {
    const round = play.round++;
    if (w.floor) {
      play.playerID ??= idOf(9);
      const message = {
        type: 'playing',
        player: { playerID: play.playerID, playerName: play.name, round: round + 1, rounds: w.rounds },
      };
      return () => post(`${url}/send`, message);
    }
    const body = { gameId: w.gameId, playerId: play.playerId, userName: play.name, round, answer: play.answers[round] };
    return async () => {
      play.playerID = JSON.parse(await post(`${url}/prod/answer-round`, body)).playerID;
    };
  }
  if (kind === 'player') {
    const body = play
      ? { gameId: w.gameId, playerId: play.playerId, userName: play.name, responseSet: play.answers }
      : friend(w.gameId, w.rounds, `Friend ${w.finished.length + 1}`);
    w.play = undefined;
    const done = (playerID: string) => {
      w.finished.push({ playerId: body.playerId, playerID });
      if (w.roundByRound && w.finished.length % CREATOR_MOVE_EVERY === 0) w.due.push('reply', 'removed');
    };
    if (w.floor) {
      const player = {
        playerID: play?.playerID ?? idOf(9),
        playerName: body.userName,
        score: Math.round(Math.random() * 100) / 10,
      };
      return async () => {
        await post(`${url}/send`, { type: 'player', player });
        done(player.playerID);
      };
    }
    return async () => done(JSON.parse(await post(`${url}/prod/log-response`, body)).playerID);
  }
  if (kind === 'reply') {
    // The latest friend to finish makes a game back for the creator.
    const maker = w.finished[w.finished.length - 1];
    if (w.floor) return () => post(`${url}/send`, { type: 'reply', playerID: maker.playerID, gameId: idOf(12) });
    const body = { ...(await newGameBody(url)), replyTo: { gameId: w.gameId, playerId: maker.playerId } };
    return () => post(`${url}/prod/create-game`, body);
  }
  // removed: the creator takes off the friend who finished before the latest.
  const removed = w.finished[w.finished.length - 2];
  if (w.floor) return () => post(`${url}/send`, { type: 'removed', playerID: removed.playerID });
  const body = { gameId: w.gameId, userId: w.creatorId, playerID: removed.playerID };
  return () => post(`${url}/prod/remove-player`, body);
}

/** Makes the next message of `w` and waits until every socket of the game has it. */
async function oneMessage(clients: LiveClients, w: Watched, record: boolean) {
  const kind = nextKind(w);
  const request = await prepare(w, kind);
  const k = w.sent++;
  const delivered = clients.delivered(w.server.name, k);
  const cpu = cpuMicros(w.server.pid);
  const clientCpu = sum(clients.pids.map(cpuMicros));
  const sent = now();
  await request();
  const answered = now();
  const last = await delivered;
  if (!record) return;
  w.kinds.push(kind);
  w.writer.push(answered - sent);
  w.delivery.push(last - sent);
  w.serverCpu.push(cpuMicros(w.server.pid) - cpu);
  w.clientCpu.push(sum(clients.pids.map(cpuMicros)) - clientCpu);
}

/** True if the server has answer-round (a checkout before it answers 404). */
async function hasAnswerRound(url: string): Promise<boolean> {
  const response = await fetch(`${url}/prod/answer-round`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  await response.arrayBuffer();
  return response.status !== 404;
}

async function watch(clients: LiveClients, server: Running, sockets: number, floor = false): Promise<Watched> {
  const { gameId, rounds, creatorId } = floor
    ? { gameId: 'floor', rounds: 10, creatorId: '' }
    : await createGame(server.url);
  // Every socket is the creator's screen (?userId=), so that every message, `reply` included
  // (which only creators' sockets hear), reaches every socket, as every message does on the floor.
  const query = floor ? '' : `?userId=${creatorId}`;
  await clients.open(server.name, `${server.url.replace('http', 'ws')}/prod/live/${gameId}${query}`, sockets);
  return {
    server,
    floor,
    roundByRound: floor || (await hasAnswerRound(server.url)),
    gameId,
    creatorId,
    rounds,
    sent: 0,
    finished: [],
    due: [],
    kinds: [],
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
    const floor = options.floor === false ? undefined : await startBareWs();
    if (floor) {
      if (pinned) pin(floor.pid, '0');
      running.push(floor);
    }
    const watched: Watched[] = [];
    const openedIn: number[] = [];
    for (const server of running) {
      const start = now();
      watched.push(await watch(clients, server, options.sockets, server === floor));
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
        if (w.floor) continue;
        await oneBurst(clients, w, options.sockets);
        await sleep(options.gapMs);
      }
    }
    load.push(loadavg());
    const rows = watched.map((w, i) => ({ ...summary(w), openedIn: openedIn[i] }));
    const floorRow = rows.find((r) => r.floor);
    return {
      options,
      pinned,
      load,
      rows,
      /** Each server against the floor (absent without it). */
      againstFloor: floorRow
        ? rows.filter((r) => !r.floor).map((r) => ({ name: r.name, ...againstFloor(r, floorRow) }))
        : [],
    };
  } finally {
    await clients.close();
    await Promise.all(running.map((s) => s.stop()));
  }
}

/** The "rounds" of the fan-out: each fifth of the messages, in order. */
const PARTS = 5;

function summary(w: Watched) {
  const kindsOf = (kind: Kind) => w.writer.filter((_, i) => w.kinds[i] === kind);
  return {
    name: w.server.name,
    floor: w.floor,
    roundByRound: w.roundByRound,
    writer: [percentile(w.writer, 50), percentile(w.writer, 99)],
    /** Writer p50 by message kind (undefined where none was made). */
    writerBy: Object.fromEntries(KINDS.map((kind) => [kind, kindsOf(kind).length ? median(kindsOf(kind)) : undefined])),
    counts: Object.fromEntries(KINDS.map((kind) => [kind, kindsOf(kind).length])),
    delivery: [percentile(w.delivery, 50), percentile(w.delivery, 99)],
    /** Mean CPU µs per message: the server's, and the client processes' (tick-grained, so averaged). */
    serverCpu: mean(w.serverCpu),
    clientCpu: mean(w.clientCpu),
    burst: w.burst.length ? percentile(w.burst, 50) : undefined,
    burstCpu: w.burstCpu.length ? percentile(w.burstCpu, 50) : undefined,
    /** p99 and mean server CPU of each fifth of the messages, in order: how steady the delivery was. */
    fifths: parts(w.delivery).map((part) => percentile(part, 99)),
    fifthsCpu: parts(w.serverCpu).map(mean),
    /** The writer's answer p50 over the fifths: median and range. */
    writerFifths: w.writer.length ? spreadOf(parts(w.writer).map((part) => percentile(part, 50))) : undefined,
  };
}

type Row = ReturnType<typeof summary>;

/** A list's median and range, as "1.02 (0.95–1.10)". */
export interface Spread {
  median: number;
  min: number;
  max: number;
}
const spreadOf = (values: number[]): Spread => ({
  median: median(values),
  min: Math.min(...values),
  max: Math.max(...values),
});
export const showSpread = (s: Spread | undefined) =>
  s && Number.isFinite(s.median) ? `${s.median.toFixed(2)} (${s.min.toFixed(2)}–${s.max.toFixed(2)})` : '—';

/** A server's p99 and CPU per message over the floor's, fifth by fifth (messages alternate, so each fifth ran at the same time). */
function againstFloor(row: Row, floor: Row) {
  const n = Math.min(row.fifths.length, floor.fifths.length);
  const over = (a: number[], b: number[]) => Array.from({ length: n }, (_, i) => a[i] / b[i]).filter(Number.isFinite);
  return { p99: spreadOf(over(row.fifths, floor.fifths)), cpu: spreadOf(over(row.fifthsCpu, floor.fifthsCpu)) };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const mean = (values: number[]) => (values.length ? sum(values) / values.length : 0);

function parts(values: number[]): number[][] {
  const size = Math.ceil(values.length / PARTS);
  return Array.from({ length: Math.ceil(values.length / size) }, (_, i) => values.slice(i * size, (i + 1) * size));
}

const ms = (value: number) => value.toFixed(1).padStart(7);

const kindNames: Record<Kind, string> = {
  playing: 'answer-round',
  player: 'log-response',
  reply: 'create-game (replyTo)',
  removed: 'remove-player',
};

export function printLive(result: Awaited<ReturnType<typeof liveBench>>) {
  const { options, load, rows, pinned } = result;
  const mix = rows.find((r) => !r.floor && r.roundByRound) ?? rows[0];
  console.log(
    `\nLive fan-out: ${options.sockets.toLocaleString('en-US')} sockets on one game per server, ${options.messages} messages each, one at a time, alternating`,
  );
  console.log(
    `  messages as real play makes them: ${KINDS.map((kind) => `${mix.counts[kind]} ${kind} (${kindNames[kind]})`).join(', ')}` +
      `${rows.some((r) => !r.floor && !r.roundByRound) ? '; a server without answer-round: log-responses only' : ''}`,
  );
  if (rows.some((r) => r.floor)) {
    console.log(
      '  floor: a bare ws server (bench/bare-ws.ts) writing the same messages, framed once, straight to each TCP socket, answering its trigger first',
    );
  }
  console.log(
    `  ${pinned ? `servers pinned to core 0, the ${options.clients} client processes to cores ${clientCores()}` : 'not pinned'}; load average before/after: ${load.join(' | ')}`,
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
  console.log('  writer answer p50 ms by request:');
  for (const r of rows.filter((row) => !row.floor)) {
    const by = KINDS.filter((kind) => r.writerBy[kind] !== undefined).map(
      (kind) => `${kindNames[kind]} ${(r.writerBy[kind] as number).toFixed(1)}`,
    );
    console.log(`  ${r.name.padEnd(8)} ${by.join(', ')}`);
  }
  for (const f of result.againstFloor) {
    console.log(
      `  ${f.name.padEnd(8)} ×floor, median of the fifths (range): delivery p99 ${showSpread(f.p99)}, CPU per message ${showSpread(f.cpu)} (goal ≤ 1.2 each)`,
    );
  }
  console.log(
    `  bursts of ${BURST} answers at once (5 per server): until every socket has all, median; server CPU per delivered message`,
  );
  for (const r of rows) {
    if (r.burst === undefined || r.burstCpu === undefined) continue;
    console.log(`  ${r.name.padEnd(8)} ${ms(r.burst)} ms   ${r.burstCpu.toFixed(2)} µs`);
  }
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

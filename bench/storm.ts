/**
 * A reconnect storm (issue 46): one server (SQLite, its own process) holds `games` × `watchers`
 * game sockets and `parties` × `phones` party phones (each said hello with its userId and answered
 * the party's first round, acknowledged); then the client side dies at once (the processes holding
 * every socket are SIGKILLed, as when a network or a deploy drops everyone) and fresh client
 * processes reconnect every socket on the clients' own jittered backoff (bench/storm-worker.ts).
 * Measured per round: the time from the drop until every socket has its fresh, checked state
 * (snapshot; the phone's state with its own `me`), the server's longest stall seen from outside
 * (a /healthz every 20 ms on a kept-alive connection, each one's latency), and what must not
 * happen: a seat more or less, another playerID in `me`, an acknowledged answer missing, a
 * logged friend missing from a snapshot. Each round drops the sockets the round before reopened.
 * The kinds of drop (`drops`, in turn): the clients only, the server with them (a new one started on
 * its port and database, as an instance restarting), and the floor (the clients of a bare ws server
 * holding as many sockets: what Node and ws pay for the same drop with nothing on top).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runQueueMicros } from './games.js';
import {
  createGame,
  friend,
  loadavg,
  median,
  now,
  percentile,
  post,
  sleep,
  startBareWs,
  startServer,
} from './harness.js';
import { eachLimited, newParty } from './party-clients.js';
import type { FromStormWorker, StormSocket, ToStormWorker } from './storm-worker.js';

const WORKER = resolve(import.meta.dirname, 'storm-worker.ts');
const PROCESSES = 2;
const SETUP_CONCURRENCY = 16;
const FRIENDS_PER_GAME = 2;
const PROBE_EVERY_MS = 20;
const TIMEOUT_MS = 180_000;

export interface StormOptions {
  games: number;
  watchers: number;
  parties: number;
  phones: number;
  rounds: number;
  /**
   * What dies in each round, in turn: `clients` (the processes holding every socket: the server
   * reads 10,000 closes, then the reconnects) or `server` (the server and the clients together, as
   * when an instance restarts: a new server on the same port and database gets only the reconnects),
   * or `floor` (as `clients`, against a bare ws server holding as many sockets: bench/bare-ws.ts,
   * a snapshot on open and nothing else; what any Node server pays for the same drop).
   */
  drops: Drop[];
}

export type Drop = 'clients' | 'server' | 'floor';

/** `--storm-drop`: a comma-separated list of drops. */
export function stormDrops(list: string): Drop[] {
  const drops = list.split(',').map((d) => d.trim());
  const wrong = drops.filter((d) => d !== 'clients' && d !== 'server' && d !== 'floor');
  if (drops.length === 0 || wrong.length > 0)
    throw new Error(`--storm-drop takes clients, server and floor, not "${wrong.join(',')}"`);
  return drops as Drop[];
}

/** One client process: its messages, waited for by type. */
class Client {
  readonly proc: ChildProcess;
  private readonly inbox: FromStormWorker[] = [];
  private wake = () => {};
  readonly exited: Promise<number | null>;

  constructor(readonly localAddress: string) {
    this.proc = fork(WORKER, [], { execArgv: ['--import', 'tsx'] });
    this.proc.on('message', (message: FromStormWorker) => {
      this.inbox.push(message);
      this.wake();
    });
    this.exited = new Promise((done) => this.proc.on('exit', (code) => done(code)));
  }

  async next<T extends FromStormWorker['type']>(type: T): Promise<Extract<FromStormWorker, { type: T }>> {
    const deadline = now() + TIMEOUT_MS;
    for (;;) {
      const failed = this.inbox.find((m) => m.type === 'failed');
      if (failed?.type === 'failed') throw new Error(`a storm client failed: ${failed.message}`);
      const at = this.inbox.findIndex((m) => m.type === type);
      if (at >= 0) return this.inbox.splice(at, 1)[0] as Extract<FromStormWorker, { type: T }>;
      if (now() > deadline) throw new Error(`no "${type}" from a storm client in ${TIMEOUT_MS} ms`);
      await new Promise<void>((done) => {
        this.wake = done;
        setTimeout(done, 1000);
      });
    }
  }

  tell(message: ToStormWorker) {
    this.proc.send(message);
  }
}

/** Fresh client processes, each on its own loopback address (so ports never run short). */
async function clients(): Promise<Client[]> {
  const base = 2 + Math.floor(Math.random() * 250);
  const made = Array.from({ length: PROCESSES }, (_, i) => new Client(`127.0.${base}.${2 + i}`));
  await Promise.all(made.map((c) => c.next('ready')));
  return made;
}

/** The server's longest event-loop delay since its previous /metrics scrape, in ms. */
async function lagMaxMs(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text)?.[1] ?? Number.NaN) * 1000;
}

/**
 * /healthz every PROBE_EVERY_MS, one at a time: each one's send time and latency, until stopped.
 * While no server answers (one restarting) the tries are not samples: a stall is a server's.
 */
function probe(url: string) {
  const samples: [at: number, ms: number][] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const at = now();
      try {
        const response = await fetch(`${url}/healthz`);
        await response.arrayBuffer();
        samples.push([at, now() - at]);
      } catch {
        // Connection refused or reset: the server is down (restarting).
      }
      await sleep(Math.max(0, PROBE_EVERY_MS - (now() - at)));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return samples;
    },
  };
}

export async function stormBench(dir: string, options: StormOptions) {
  const load = [loadavg()];
  // A server restarted in a `server` round comes back on the same port and database.
  const database = { DATABASE_URL: `sqlite:${join(mkdtempSync(join(tmpdir(), 'wavelength-storm-')), 'storm.db')}` };
  let server = await startServer('storm', dir, database);
  let holders: Client[] = [];
  const floor = options.drops.includes('floor') ? await startBareWs('storm-floor') : undefined;
  let floorHolders: Client[] = [];
  try {
    const setupStart = now();
    const shares: StormSocket[][] = Array.from({ length: PROCESSES }, () => []);
    await eachLimited(
      Array.from({ length: options.games }, (_, i) => i),
      SETUP_CONCURRENCY,
      async (i) => {
        const { gameId, rounds } = await createGame(server.url);
        for (let f = 0; f < FRIENDS_PER_GAME; f++)
          await post(`${server.url}/prod/log-response`, friend(gameId, rounds));
        for (let w = 0; w < options.watchers; w++) {
          shares[(i + w) % PROCESSES].push({ kind: 'game', gameId, players: FRIENDS_PER_GAME });
        }
      },
    );
    const parties: { partyId: string; phones: StormSocket[] }[] = [];
    await eachLimited(
      Array.from({ length: options.parties }, (_, i) => i),
      SETUP_CONCURRENCY,
      async (i) => {
        // timing off: the party waits in its reveal while everyone is away and back.
        const party = await newParty(server.url, options.phones, 'off');
        const phones: StormSocket[] = party.phones.map((userId) => ({
          kind: 'phone',
          partyId: party.partyId,
          userId,
          seats: options.phones,
        }));
        shares[i % PROCESSES].push(...phones);
        parties.push({ partyId: party.partyId, phones });
      },
    );
    holders = await clients();
    await Promise.all(
      holders.map((c, i) =>
        c.tell({ type: 'open', url: server.url, sockets: shares[i], localAddress: c.localAddress }),
      ),
    );
    const opened = await Promise.all(holders.map((c) => c.next('opened')));
    opened.forEach((o, i) => {
      o.playerIDs.forEach((playerID, j) => {
        const spec = shares[i][j];
        if (spec.kind === 'phone') spec.playerID = playerID ?? undefined;
      });
    });
    // Every party starts; after the intro (3 s) every phone answers its first round.
    await eachLimited(parties, SETUP_CONCURRENCY, (p) => {
      const host = p.phones[0];
      if (host.kind !== 'phone') throw new Error('a party without phones');
      return post(`${server.url}/prod/party-command`, { partyId: p.partyId, userId: host.userId, command: 'start' });
    });
    await sleep(3500);
    const phones = parties.flatMap((p) => p.phones);
    // Parties whose round stayed closed to a phone that tried every time: their other phones try once.
    const closed = new Set<string>();
    await eachLimited(phones, SETUP_CONCURRENCY, async (phone) => {
      if (phone.kind !== 'phone') return;
      const answer = Math.floor(Math.random() * 101);
      const body = { partyId: phone.partyId, userId: phone.userId, round: 0, answer };
      // A party whose intro has not ended yet (a busy server's timer runs late) is asked again;
      // only an acknowledged answer is looked for after the storm.
      for (let tries = closed.has(phone.partyId) ? 39 : 0; tries < 40; tries++) {
        try {
          await post(`${server.url}/prod/party-answer`, body);
          phone.answer = answer;
          return;
        } catch (error) {
          if (!String(error).includes('round_closed')) throw error;
          await sleep(250);
        }
      }
      closed.add(phone.partyId);
    });
    // The floor's sockets: as many, all plain (a snapshot on open), in the same two shares.
    const floorShares = floor
      ? shares.map((share) => share.map((): StormSocket => ({ kind: 'game', gameId: 'floor', players: 0 })))
      : [];
    if (floor) {
      floorHolders = await clients();
      await Promise.all(
        floorHolders.map((c, i) =>
          c.tell({ type: 'open', url: floor.url, sockets: floorShares[i], localAddress: c.localAddress }),
        ),
      );
      await Promise.all(floorHolders.map((c) => c.next('opened')));
    }
    const setupS = (now() - setupStart) / 1000;
    const acknowledged = phones.filter((phone) => phone.kind === 'phone' && phone.answer !== undefined).length;
    await sleep(2000);
    const rounds = [];
    for (let r = 0; r < options.rounds * options.drops.length; r++) {
      const drop = options.drops[r % options.drops.length];
      const onFloor = drop === 'floor' && floor !== undefined;
      const target = onFloor ? floor : server;
      const dropped = onFloor ? floorHolders : holders;
      const fresh = await clients();
      // The server's own worst event-loop delay (prom-client's, from monitorEventLoopDelay) starts over at a scrape.
      if (!onFloor) await lagMaxMs(server.url);
      const probing = probe(target.url);
      await sleep(500);
      // The drop: every socket's process dies at once (and the server's, in a `server` round); the kernel closes the sockets.
      for (const c of dropped) c.proc.kill('SIGKILL');
      if (drop === 'server') process.kill(server.pid, 'SIGKILL');
      const t0 = now();
      for (const [i, c] of fresh.entries()) {
        const sockets = onFloor ? floorShares[i] : shares[i];
        c.tell({ type: 'storm', url: target.url, sockets, localAddress: c.localAddress, t0 });
      }
      let upMs = 0;
      if (drop === 'server') {
        await server.stop();
        server = await startServer('storm', dir, { ...database, PORT: new URL(server.url).port });
        upMs = now() - t0;
      }
      const pid = onFloor ? target.pid : server.pid;
      const waited = runQueueMicros(pid);
      const reports = await Promise.all(fresh.map((c) => c.next('stormed')));
      const end = now();
      // The floor has no /metrics.
      const serverLagMs = onFloor ? Number.NaN : await lagMaxMs(server.url);
      // The server's main thread runnable but without a CPU (the machine's other work): a stall not of its making.
      const waitShare = (runQueueMicros(pid) - waited) / ((end - t0 - upMs) * 1000);
      await Promise.all(dropped.map((c) => c.exited));
      if (onFloor) floorHolders = fresh;
      else holders = fresh;
      await sleep(500);
      const probes = await probing.stop();
      const during = probes.filter(([at]) => at >= t0 - PROBE_EVERY_MS && at <= end).map(([, ms]) => ms);
      const ready = reports.flatMap((report) => report.ready);
      const attempts = reports.flatMap((report) => report.attempts);
      const sum = (pick: (report: (typeof reports)[number]) => number) => reports.reduce((s, x) => s + pick(x), 0);
      rounds.push({
        drop,
        upMs,
        sockets: ready.length,
        serverLagMs,
        waitShare,
        allMs: Math.max(...ready),
        p50Ms: percentile(ready, 50),
        p99Ms: percentile(ready, 99),
        retried: attempts.filter((a) => a > 1).length,
        maxAttempts: Math.max(...attempts),
        probeMax: Math.max(...during),
        probeP99: percentile(during, 99),
        probes: during.length,
        over100: during.filter((ms) => ms > 100).length,
        /** When (s after the drop) each probe over 100 ms was sent, and its ms. */
        stalls: probes
          .filter(([at, ms]) => at >= t0 - PROBE_EVERY_MS && at <= end && ms > 100)
          .map(([at, ms]) => [Number(((at - t0) / 1000).toFixed(2)), Math.round(ms)]),
        seatsChanged: sum((x) => x.seatsChanged),
        otherMe: sum((x) => x.otherMe),
        lostAnswers: sum((x) => x.lostAnswers),
        lostPlayers: sum((x) => x.lostPlayers),
      });
      await sleep(1000);
    }
    load.push(loadavg());
    return { options, load, setupS, acknowledged, rounds };
  } finally {
    const all = [...holders, ...floorHolders];
    for (const c of all) c.tell({ type: 'close' });
    await Promise.all(all.map((c) => Promise.race([c.exited, sleep(5000)])));
    for (const c of all) c.proc.kill('SIGKILL');
    await server.stop();
    await floor?.stop();
  }
}

type StormResult = Awaited<ReturnType<typeof stormBench>>;
const spread = (values: number[], digits = 0) =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

export function printStorm(result: StormResult) {
  const { options, rounds } = result;
  const gameSockets = options.games * options.watchers;
  const phones = options.parties * options.phones;
  console.log(
    `\nReconnect storm: ${gameSockets.toLocaleString('en-US')} game sockets (${options.games} games × ${options.watchers}) + ${phones.toLocaleString('en-US')} party phones (${options.parties} parties × ${options.phones}, hello + an answer each, ${result.acknowledged.toLocaleString('en-US')} acknowledged) on one SQLite server; set up in ${result.setupS.toFixed(0)} s; load ${result.load.join(' | ')}`,
  );
  console.log(
    '  the client processes are SIGKILLed at once (drop "clients"; with the server too, drop "server", a new server then started on its port and database; "floor": the clients of a bare ws server); fresh ones reconnect every socket on the clients’ reconnectDelay (0.5 s doubling to 10 s, ±25 %)',
  );
  console.log(
    '  round / drop       all re-synced s   p50/p99 s    retried (most tries)   /healthz every 20 ms: max / p99 ms (>100 ms)   seats± otherMe lostAnswers lostFriends',
  );
  rounds.forEach((r, i) => {
    console.log(
      `  ${`${i + 1} ${r.drop}`.padEnd(13)}   ${(r.allMs / 1000).toFixed(2).padStart(15)}   ${(r.p50Ms / 1000).toFixed(2)}/${(r.p99Ms / 1000).toFixed(2)}   ${`${r.retried} (${r.maxAttempts})`.padStart(20)}   ${`${r.probeMax.toFixed(0)} / ${r.probeP99.toFixed(0)} (${r.over100} of ${r.probes})`.padStart(44)}   ${r.seatsChanged} ${r.otherMe} ${r.lostAnswers} ${r.lostPlayers}`,
    );
    const waited = `its main thread waited for a CPU ${(r.waitShare * 100).toFixed(0)} % of the storm`;
    if (r.drop === 'floor') console.log(`          the bare ws server (no /metrics); ${waited}`);
    else
      console.log(
        `          the server's own longest event-loop delay (its /metrics${r.drop === 'server' ? ', since it started' : ''}) ${r.serverLagMs.toFixed(0)} ms; ${waited}${r.drop === 'server' ? `; the new server answered ${(r.upMs / 1000).toFixed(2)} s after the drop` : ''}`,
      );
    if (r.stalls.length > 0)
      console.log(`          probes over 100 ms [s after the drop, ms]: ${JSON.stringify(r.stalls)}`);
  });
  for (const line of stormGoals(result)) console.log(`  ${line}`);
}

/** run.ts's summary lines: one pair per kind of drop. */
export function stormGoals(result: StormResult): string[] {
  return result.options.drops.flatMap((drop) => {
    const rounds = result.rounds.filter((r) => r.drop === drop);
    const wrong = rounds.reduce((s, r) => s + r.seatsChanged + r.otherMe + r.lostAnswers + r.lostPlayers, 0);
    if (drop === 'floor') {
      return [
        `${rounds[0]?.sockets.toLocaleString('en-US')} sockets, a bare ws server (the floor) with as many sockets, its clients dropped at once: all re-connected in ${spread(
          rounds.map((r) => r.allMs / 1000),
          2,
        )} s; longest /healthz during the storm ${spread(rounds.map((r) => r.probeMax))} ms`,
      ];
    }
    const what =
      drop === 'clients'
        ? 'clients dropped at once'
        : 'the server and its clients dropped at once, a new server started';
    return [
      `${rounds[0]?.sockets.toLocaleString('en-US')} sockets, ${what}: all re-synced in ${spread(
        rounds.map((r) => r.allMs / 1000),
        2,
      )} s (median of ${rounds.length} rounds, range; goal ≤ 15)`,
      `  longest /healthz during the storm ${spread(rounds.map((r) => r.probeMax))} ms, the server's own longest event-loop delay ${spread(rounds.map((r) => r.serverLagMs))} ms (goal: the event loop never stalls over 100 ms); ${wrong} duplicate seats, other players or lost answers (goal 0)`,
    ];
  });
}

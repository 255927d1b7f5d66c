/**
 * The party (issue 45's speed paragraph), this checkout's server on SQLite, each in its own process:
 * 1. Fan-out: one party of `phones` phones (each with `hello` and its userId) and one shared
 *    screen; the host alternates `pause` and `resume` (a phase change each, a whole `party` state
 *    to every socket) and each socket's receipt is timed from the command's send. Beside it, the
 *    bare-ws floor (bench/bare-ws.ts) holding as many sockets gets the very bytes the server just
 *    sent through POST /send; server and floor alternate, message by message, `rounds` rounds.
 * 2. Play: `parties` parties of `phones` phones and a screen each on one server, timing standard,
 *    started at random moments over one round's length (parties are not in step); each phone
 *    answers every round at a random moment of the answering window (0.5–18 s of 20 s). Measured:
 *    party-answer (send -> reply) and, for each round closed by everyone's answer, each socket's
 *    time from the round's LAST answer's send to its receipt of the `reveal` state. Only the
 *    steady part counts (after the starts); p99 per window of `WINDOW_MS` beside the whole run's.
 * 3. Memory: the server's RSS with part 2's sockets open (and said hello) minus before, per socket.
 */
import { availableParallelism } from 'node:os';
import { runQueueMicros } from './games.js';
import {
  cpuMicros,
  loadavg,
  median,
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
import { showSpread } from './live.js';
import { command, eachLimited, newParty, PartyClients } from './party-clients.js';
import type { PartySockets } from './party-worker.js';

export interface PartyFanoutOptions {
  phones: number;
  rounds: number;
  /** Messages per round, for the server and for the floor each. */
  messages: number;
  pinned: boolean;
}

/** The cores of the client processes when pinned: every core but the servers'. */
const clientCores = () => `1-${Math.max(1, availableParallelism() - 1)}`;

const spreadOf = (values: number[]) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values) });

export async function partyFanoutBench(dir: string, options: PartyFanoutOptions) {
  const load = [loadavg()];
  const pinned = options.pinned && availableParallelism() >= 2;
  const clients = new PartyClients(2, pinned ? clientCores() : undefined);
  const running: Running[] = [];
  try {
    const server = await startServer('server', dir);
    running.push(server);
    const floor = await startBareWs();
    running.push(floor);
    if (pinned) for (const s of running) pin(s.pid, '0');
    // timing off: no deadline moves the party while the host pauses and resumes.
    const party = await newParty(server.url, options.phones, 'off');
    await clients.open('server', server.url, [party], true);
    await clients.open('floor', floor.url, [{ partyId: 'floor', phones: [], screens: options.phones + 1 }]);
    await command(server.url, party, 'start');
    // The intro (3 s), then answering with no deadline.
    await sleep(3500);
    let paused = false;
    let payload = '';
    const one = async (which: 'server' | 'floor') => {
      const sent = { at: 0, answered: 0 };
      const got = await clients.next(which, async () => {
        sent.at = now();
        if (which === 'server') await command(server.url, party, paused ? 'resume' : 'pause');
        else await post(`${floor.url}/send`, JSON.parse(payload));
        sent.answered = now() - sent.at;
      });
      if (which === 'server') {
        paused = !paused;
        payload = got.payload;
      }
      return { delivery: got.at.map((at) => at - sent.at), answered: sent.answered, bytes: got.payload.length };
    };
    for (let i = 0; i < 4; i++) await one('server');
    const rounds = [];
    for (let r = 0; r < options.rounds; r++) {
      const round = { server: [] as number[], floor: [] as number[], command: [] as number[], bytes: 0 };
      for (let m = 0; m < options.messages; m++) {
        const mine = await one('server');
        round.server.push(...mine.delivery);
        round.command.push(mine.answered);
        round.bytes = mine.bytes;
        await sleep(20);
        round.floor.push(...(await one('floor')).delivery);
        await sleep(20);
      }
      rounds.push(round);
    }
    load.push(loadavg());
    const p = (values: number[], q: number) => percentile(values, q);
    return {
      options,
      pinned,
      load,
      bytes: rounds[0]?.bytes ?? 0,
      sockets: options.phones + 1,
      rounds: rounds.map((r) => ({
        server: [p(r.server, 50), p(r.server, 99)],
        floor: [p(r.floor, 50), p(r.floor, 99)],
        command: [p(r.command, 50), p(r.command, 99)],
        ratio: p(r.server, 99) / p(r.floor, 99),
      })),
    };
  } finally {
    await clients.close();
    await Promise.all(running.map((s) => s.stop()));
  }
}

const f1 = (value: number) => value.toFixed(1);

export function printPartyFanout(result: Awaited<ReturnType<typeof partyFanoutBench>>) {
  const { options, rounds, load, pinned } = result;
  console.log(
    `\nParty fan-out: one party, ${options.phones} phones (hello + userId) and 1 shared screen = ${result.sockets} sockets; the host alternates pause/resume, ${options.messages} phase changes per round, ${options.rounds} rounds`,
  );
  console.log(
    `  beside the floor (bench/bare-ws.ts, POST /send of the same ${result.bytes} bytes to ${result.sockets} sockets), message by message; ${pinned ? `servers on core 0, 2 client processes on ${clientCores()}` : 'not pinned'}; load ${load.join(' | ')}`,
  );
  console.log('  round   command -> each socket p50/p99 ms: party   floor   p99 ×floor   command answered p50/p99 ms');
  rounds.forEach((r, i) => {
    console.log(
      `  ${String(i + 1).padEnd(5)}   ${`${f1(r.server[0])}/${f1(r.server[1])}`.padStart(38)}   ${`${f1(r.floor[0])}/${f1(r.floor[1])}`.padStart(9)}   ${r.ratio.toFixed(2).padStart(10)}   ${f1(r.command[0])}/${f1(r.command[1])}`,
    );
  });
  console.log(
    `  p99 ×floor, median of the rounds (range): ${showSpread(spreadOf(rounds.map((r) => r.ratio)))} (goal ≤ 1.20)`,
  );
}

export interface PartyPlayOptions {
  parties: number;
  phones: number;
  seconds: number;
  /** The open-files limit (the server holds every socket). */
  fdLimit: number;
}

/** Standard timing's round: intro 3 s, answering 20 s, reveal 8 s, standings 5 s (shared/party.ts PHASE_MS). */
const ROUND_MS = 36_000;
const ANSWER_FROM_MS = 500;
const ANSWER_TO_MS = 18_000;
const WINDOW_MS = 20_000;
const SETUP_CONCURRENCY = 16;

/** Values by window (of their time since `from`), and the p-th percentile of each window that has any. */
function windows(samples: [number, number][], from: number) {
  const by: number[][] = [];
  for (const [at, value] of samples) {
    const w = Math.floor((at - from) / WINDOW_MS);
    by[w] ??= [];
    by[w].push(value);
  }
  return (q: number) => by.filter((w) => w?.length > 0).map((w) => percentile(w, q));
}

/** RSS after the server has settled: the median of five readings a second apart, after 2 s. */
async function steadyRss(pid: number): Promise<number> {
  await sleep(2000);
  const readings = [];
  for (let i = 0; i < 5; i++) {
    readings.push(rssKiB(pid));
    await sleep(1000);
  }
  return median(readings);
}

export async function partyPlayBench(dir: string, options: PartyPlayOptions) {
  const load = [loadavg()];
  // The server holds every socket, its database and its listening socket within its open-files limit.
  const fitting = Math.floor((options.fdLimit - 400) / (options.phones + 1));
  const count = Math.min(options.parties, fitting);
  const clients = new PartyClients(2);
  const server = await startServer('server', dir);
  try {
    const setupStart = now();
    const parties: PartySockets[] = [];
    await eachLimited(
      Array.from({ length: count }, (_, i) => i),
      SETUP_CONCURRENCY,
      async () => parties.push(await newParty(server.url, options.phones, 'standard')),
    );
    const setupS = (now() - setupStart) / 1000;
    const rssBefore = await steadyRss(server.pid);
    const openStart = now();
    await clients.open('play', server.url, parties);
    const openS = (now() - openStart) / 1000;
    const rssAfter = await steadyRss(server.pid);
    const sockets = count * (options.phones + 1);
    clients.play('play', server.url, ANSWER_FROM_MS, ANSWER_TO_MS);
    const start = now();
    // Each party starts at a random moment of one round's length.
    const starts = parties.map((party) =>
      sleep(Math.random() * ROUND_MS).then(() => command(server.url, party, 'start')),
    );
    await Promise.all(starts);
    const steadyFrom = start + ROUND_MS;
    await sleep(Math.max(0, steadyFrom - now()));
    const cpu = cpuMicros(server.pid);
    const waited = runQueueMicros(server.pid);
    const clientCpu = clients.pids.map(cpuMicros);
    load.push(loadavg());
    await sleep(options.seconds * 1000);
    const cpuUsed = cpuMicros(server.pid) - cpu;
    const cpuShare = cpuUsed / (options.seconds * 1e6);
    const waitShare = (runQueueMicros(server.pid) - waited) / (options.seconds * 1e6);
    const clientShare =
      clients.pids.reduce((sum, pid, i) => sum + cpuMicros(pid) - clientCpu[i], 0) / (options.seconds * 1e6);
    // Whole windows only: the run ends where the measured seconds end.
    const end = steadyFrom + options.seconds * 1000;
    const played = await clients.stop('play');
    load.push(loadavg());
    const inRun = <T extends [number, ...number[]]>(list: T[]) => list.filter(([at]) => at >= steadyFrom && at < end);
    const answers = inRun(played.answers);
    const reveals = inRun(played.reveals);
    const answerMs = answers.map(([, ms]) => ms);
    const revealMs = reveals.map(([, ms]) => ms);
    return {
      options,
      count,
      fitting,
      load,
      setupS,
      openS,
      sockets,
      rss: { before: rssBefore, after: rssAfter, perSocket: ((rssAfter - rssBefore) * 1024) / sockets },
      cpuShare,
      waitShare,
      clientShare,
      /** Server CPU per answer, everything it did in the window (answers, phase changes, pings) over the answers. */
      cpuPerAnswer: cpuUsed / Math.max(1, answers.length),
      answers: {
        count: answers.length,
        failed: answers.filter(([, , status]) => status !== 200).length,
        p50: percentile(answerMs, 50),
        p99: percentile(answerMs, 99),
        max: percentile(answerMs, 100),
        windows: windows(
          answers.map(([at, ms]) => [at, ms]),
          steadyFrom,
        )(99),
      },
      reveals: {
        count: reveals.length,
        p50: percentile(revealMs, 50),
        p99: percentile(revealMs, 99),
        max: percentile(revealMs, 100),
        windows: windows(reveals, steadyFrom)(99),
        afterDeadline: played.deadlineReveals,
      },
    };
  } finally {
    await clients.close();
    await server.stop();
  }
}

export function printPartyPlay(result: Awaited<ReturnType<typeof partyPlayBench>>) {
  const { options, count, answers, reveals, rss } = result;
  console.log(
    `\nParties playing: ${count.toLocaleString('en-US')} parties × ${options.phones} phones + 1 screen = ${result.sockets.toLocaleString('en-US')} sockets on one SQLite server, timing standard, guess, Spectrum`,
  );
  if (count < options.parties) {
    console.log(
      `  (${options.parties.toLocaleString('en-US')} asked; the server's open-files limit ${options.fdLimit} holds ${result.fitting}: raise it with \`ulimit -n\`)`,
    );
  }
  console.log(
    `  parties started over one round (${ROUND_MS / 1000} s); each phone answers each round ${ANSWER_FROM_MS / 1000}–${ANSWER_TO_MS / 1000} s into its answering window; measured for ${options.seconds} s after the starts; made in ${result.setupS.toFixed(0)} s, sockets opened in ${result.openS.toFixed(0)} s`,
  );
  console.log(
    `  server CPU ${(result.cpuShare * 100).toFixed(0)} % of a core (${(result.cpuPerAnswer / 1000).toFixed(2)} ms per answer, all its work included), its main thread waiting for a CPU ${(result.waitShare * 100).toFixed(0)} % of the time; client processes ${(result.clientShare * 100).toFixed(0)} %; load ${result.load.join(' | ')}`,
  );
  const w = (values: number[]) => `${f1(median(values))} (${values.map((v) => v.toFixed(0)).join(' ')})`;
  console.log('                              p50     p99     max   p99: median of the 20-s windows (each)   samples');
  console.log(
    `  party-answer send -> reply ${f1(answers.p50).padStart(6)} ${f1(answers.p99).padStart(7)} ${f1(answers.max).padStart(7)}   ${w(answers.windows).padEnd(40)} ${answers.count.toLocaleString('en-US')} (${answers.failed} not 200)`,
  );
  console.log(
    `  last answer -> reveal      ${f1(reveals.p50).padStart(6)} ${f1(reveals.p99).padStart(7)} ${f1(reveals.max).padStart(7)}   ${w(reveals.windows).padEnd(40)} ${reveals.count.toLocaleString('en-US')} socket receipts`,
  );
  console.log(
    `  (reveal: each socket of a party, phones and screen, from the send of the round's last answer; ${reveals.afterDeadline} receipts of rounds closed by the deadline left out)`,
  );
  console.log(
    `  memory: server RSS ${(rss.before / 1024).toFixed(0)} MiB -> ${(rss.after / 1024).toFixed(0)} MiB with the sockets open: ${(rss.perSocket / 1024).toFixed(1)} KiB per party socket (goal ≤ 12)`,
  );
}

/** run.ts's summary lines: each goal with its figure. */
export function partyGoals(
  fanout: Awaited<ReturnType<typeof partyFanoutBench>> | undefined,
  play: Awaited<ReturnType<typeof partyPlayBench>> | undefined,
): string[] {
  const lines = [];
  if (fanout) {
    const ratio = spreadOf(fanout.rounds.map((r) => r.ratio));
    lines.push(
      `phase change to ${fanout.sockets} sockets, p99 ×bare-ws floor: ${showSpread(ratio)} (median of ${fanout.rounds.length} rounds, range; goal ≤ 1.20)`,
    );
  }
  if (play) {
    const w = (values: number[]) =>
      `${f1(median(values))} ms (20-s windows ${f1(Math.min(...values))}–${f1(Math.max(...values))})`;
    lines.push(
      `${play.count} parties × ${play.options.phones} phones: party-answer p99 ${f1(play.answers.p99)} ms, ${w(play.answers.windows)} (goal ≤ 25)`,
      `  last answer -> reveal on every socket p99 ${f1(play.reveals.p99)} ms, ${w(play.reveals.windows)} (goal ≤ 50)`,
      `memory per party socket: ${(play.rss.perSocket / 1024).toFixed(1)} KiB (goal ≤ 12)`,
    );
  }
  return lines;
}

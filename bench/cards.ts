/**
 * Link-preview card flood (issue 20): FLOOD clients in their own process ask for the cards of
 * distinct games, each as soon as its previous card arrived, while the bench loads the client's
 * JS bundle and calls get-all-players (one request at a time each, from its own event loop) and
 * samples the server's RSS. Each round uses a fresh server (nothing rendered yet); rounds
 * alternate between the servers. Per round: the p99 of each measured call and the peak RSS; the
 * table gives their median and range over the rounds.
 */
import { fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FloodReport, FloodTask } from './card-flood.js';
import {
  createGame,
  friend,
  loadavg,
  median,
  medianRange,
  now,
  percentile,
  post,
  type Running,
  rssKiB,
  startServer,
} from './harness.js';

interface CardsOptions {
  rounds: number;
  seconds: number;
  /** Flood clients at once. */
  clients: number;
  /** Distinct games whose cards the flood asks for, per round. */
  games: number;
  /** Half the flood asks for story cards (servers that have them). */
  stories?: boolean;
}

const FLOOD = resolve(import.meta.dirname, 'card-flood.ts');
/** A measured request still unanswered after this long is counted as this long. */
const MEASURE_TIMEOUT_MS = 30_000;
/** How long the calls are measured without the flood first. */
const QUIET_MS = 2_000;
const RSS_SAMPLE_MS = 100;

/** The client's JS bundle (the module script of the built index.html) of the checkout `dir`. */
function bundlePath(dir: string): string {
  const index = join(dir, 'dist', 'client', 'index.html');
  if (!existsSync(index)) throw new Error(`${dir} has no built client: run \`npm run build:client\` there first.`);
  const match = /<script type="module" crossorigin src="([^"]+)"/.exec(readFileSync(index, 'utf8'));
  if (!match) throw new Error(`${index} has no module script.`);
  return match[1];
}

/** Times each answer of `path`, one request after the other, until `until` says stop. */
async function timeLoop(url: string, headers: Record<string, string>, until: () => boolean) {
  const times: number[] = [];
  let failures = 0;
  while (!until()) {
    const start = now();
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(MEASURE_TIMEOUT_MS) });
      await response.arrayBuffer();
      if (response.status !== 200) failures++;
      times.push(now() - start);
    } catch {
      failures++;
      times.push(MEASURE_TIMEOUT_MS);
    }
  }
  return { times, failures };
}

function runFlood(task: FloodTask): Promise<FloodReport> {
  const child = fork(FLOOD, [], { execArgv: ['--import', 'tsx'] });
  return new Promise((done, reject) => {
    child.once('message', (report: FloodReport) => done(report));
    child.once('exit', (code) => reject(new Error(`the flood process exited with ${code} before reporting`)));
    child.send(task);
  });
}

interface Round {
  /** The same calls on the same server just before the flood, for the machine's own noise. */
  quietStaticP99: number;
  quietApiP99: number;
  staticP99: number;
  apiP99: number;
  rssBefore: number;
  rssPeak: number;
  measured: number;
  failures: number;
  flood: FloodReport;
}

async function oneRound(name: string, dir: string, options: CardsOptions): Promise<Round> {
  const bundle = bundlePath(dir);
  const server: Running = await startServer(name, dir);
  try {
    const board = await createGame(server.url);
    for (let i = 0; i < 20; i++) {
      await post(`${server.url}/prod/log-response`, friend(board.gameId, board.rounds, `Friend ${i}`));
    }
    const gameIds: string[] = [];
    for (let i = 0; i < options.games; i++) gameIds.push((await createGame(server.url)).gameId);
    const staticUrl = `${server.url}${bundle}`;
    const apiUrl = `${server.url}/prod/get-all-players?gameId=${board.gameId}`;
    // Warm both paths (file handles, compiled code) before the baseline.
    for (let i = 0; i < 20; i++) {
      await (await fetch(staticUrl, { headers: { 'accept-encoding': 'br, gzip' } })).arrayBuffer();
      await (await fetch(apiUrl)).arrayBuffer();
    }
    const quietEnd = now() + QUIET_MS;
    const quiet = () => now() >= quietEnd;
    const [quietFiles, quietApi] = await Promise.all([
      timeLoop(staticUrl, { 'accept-encoding': 'br, gzip' }, quiet),
      timeLoop(apiUrl, {}, quiet),
    ]);
    const rssBefore = rssKiB(server.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssKiB(server.pid));
    }, RSS_SAMPLE_MS);

    let flooding = true;
    const flood = runFlood({
      url: server.url,
      gameIds,
      clients: options.clients,
      seconds: options.seconds,
      stories: options.stories,
    }).finally(() => {
      flooding = false;
    });
    const stopped = () => !flooding;
    const [files, api, report] = await Promise.all([
      timeLoop(staticUrl, { 'accept-encoding': 'br, gzip' }, stopped),
      timeLoop(apiUrl, {}, stopped),
      flood,
    ]);
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, rssKiB(server.pid));
    return {
      quietStaticP99: percentile(quietFiles.times, 99),
      quietApiP99: percentile(quietApi.times, 99),
      staticP99: percentile(files.times, 99),
      apiP99: percentile(api.times, 99),
      rssBefore,
      rssPeak,
      measured: files.times.length + api.times.length,
      failures: files.failures + api.failures,
      flood: report,
    };
  } finally {
    await server.stop();
  }
}

/** Runs `rounds` rounds on each server, alternating (A, B, then B, A, …). */
export async function cardsBench(servers: [string, string][], options: CardsOptions) {
  const load = [loadavg()];
  const rounds = new Map<string, Round[]>(servers.map(([name]) => [name, []]));
  for (let round = 0; round < options.rounds; round++) {
    const order = servers.map((_, i) => servers[(i + round) % servers.length]);
    for (const [name, dir] of order) rounds.get(name)?.push(await oneRound(name, dir, options));
    load.push(loadavg());
  }
  return { options, load, rounds };
}

const spread = medianRange;

export function printCards(result: Awaited<ReturnType<typeof cardsBench>>) {
  const { options, load, rounds } = result;
  console.log(
    `\nCard flood: ${options.clients} clients asking for ${options.games} distinct games' ${options.stories ? 'preview and story cards (half each)' : 'cards'} for ${options.seconds} s, ${options.rounds} rounds per server (a fresh server each), alternating`,
  );
  console.log(`  load average before/after each round: ${load.join(' | ')}`);
  console.log(
    `  median (min–max) over the rounds; "quiet": the same calls for ${QUIET_MS / 1000} s just before the flood`,
  );
  console.log(
    `  ${'server'.padEnd(8)} ${'JS bundle p99 ms'.padStart(22)} ${'get-all-players p99 ms'.padStart(24)} ${'quiet: JS / API p99 ms'.padStart(24)} ${'RSS before MiB'.padStart(15)} ${'RSS peak MiB'.padStart(18)}`,
  );
  const mib = (kib: number) => kib / 1024;
  for (const [name, list] of rounds) {
    const quiet = `${median(list.map((r) => r.quietStaticP99)).toFixed(0)} / ${median(list.map((r) => r.quietApiP99)).toFixed(0)}`;
    console.log(
      `  ${name.padEnd(8)} ${spread(list.map((r) => r.staticP99)).padStart(22)} ${spread(list.map((r) => r.apiP99)).padStart(24)} ${quiet.padStart(24)} ${spread(list.map((r) => mib(r.rssBefore))).padStart(15)} ${spread(list.map((r) => mib(r.rssPeak))).padStart(18)}`,
    );
  }
  console.log('  server   flood answers: own card / generic (no-store) / other   measured calls (failed)');
  for (const [name, list] of rounds) {
    const sum = (pick: (r: Round) => number) => list.reduce((total, r) => total + pick(r), 0);
    console.log(
      `  ${name.padEnd(8)} ${`${sum((r) => r.flood.cards)} / ${sum((r) => r.flood.generic)} / ${sum((r) => r.flood.other)}`.padStart(43)}   ${sum((r) => r.measured)} (${sum((r) => r.failures)})`,
    );
  }
}

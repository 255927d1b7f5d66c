/**
 * npm run bench                          HTTP vs bare Fastify on SQLite and PostgreSQL, live fan-out
 *                                        at 5,000 and 10,000, RSS at 10,000, a flood of link-preview
 *                                        cards, the friends' circle on full games (about 12 minutes)
 * npm run bench -- http|live|rss|cards|circle|memory|bus|bus-share|push|push-fair|rounds|games|pg|statement   those parts only (one or more;
 *                                        bus: bench/notify-ceiling.ts, LISTEN/NOTIFY beside Redis pub/sub;
 *                                        bus-share: bench/bus-share.ts, what each of 4 instances parses
 *                                        from the Redis bus, per-game channels (one Redis, a 3-node
 *                                        cluster) beside one channel, against its games' share;
 *                                        push-fair: bench/push-fair.ts, another creator's first push
 *                                        while 10 games × 50 subscriptions hang, each server;
 *                                        rounds: bench/rounds.ts, answer-round beside log-response;
 *                                        games: bench/games.ts, the load real games make, this checkout
 *                                        only: 2,000 games × 5 watchers, friends playing round by round at
 *                                        500 answer-round/s (open loop) for 60 s, on SQLite and on
 *                                        PostgreSQL with two instances and the Redis bus; about 5 minutes;
 *                                        pg: bench/pg.ts, log-response and answer-round on PostgreSQL
 *                                        beside pgbench's floor for the same write, and on SQLite)
 *                                        statement: bench/statement.ts, the same writes' statements alone
 *                                        (3 direct clients, batches of 4): database CPU per answer; with
 *                                        compare, <dir>'s statements alternating with this one's
 *                                        party: bench/party.ts, this checkout only: a phase change to the 51
 *                                        sockets of one party beside the bare-ws floor; 1,000 parties × 20
 *                                        phones playing rounds on SQLite (party-answer, last answer ->
 *                                        reveal); RSS per party socket; about 8 minutes
                                        storm: bench/storm.ts, this checkout only: 5,000 game sockets and
                                        5,000 party phones on one SQLite server, their client processes
                                        killed at once and every socket reconnected on the clients'
                                        backoff: time to re-sync all, longest /healthz, seats and answers
                                        kept; then the same with the server killed too and a new one
                                        started, and the clients' drop against a bare ws server with as
                                        many sockets; --storm-rounds 3 of each, about 6 minutes
                                        failover: bench/party-failover.ts, this checkout only: a party's
                                        clock instance SIGKILLed --failover-kills times (10) on PostgreSQL
                                        with the Redis bus: kill → next phase, lateness; about 5 minutes
 * npm run bench -- compare <dir> [part]  <dir>'s server ("before") and this one ("after"), alternately
 * Options: --server <dir> (or BENCH_SERVER_DIR) measures another checkout's server instead of this
 * one; --rounds 5 --seconds 3 --connections 20 (HTTP); --postgres <url> (BENCH_POSTGRES_URL;
 * default postgres://postgres@127.0.0.1:5432/postgres: each server again on a fresh database there,
 * dropped at the end) or --postgres none; --redis <url> (BENCH_REDIS_URL; default
 * redis://127.0.0.1:6379: this checkout's server once more on PostgreSQL with BUS_URL) or none;
 * --sockets 5000,10000 --messages 100 (fan-out; --unpinned
 * leaves the server and the client processes where the kernel puts them); --idle 10000 (RSS);
 * --flood-rounds 3 --flood-seconds 6 --flood-clients 32 --flood-games 200 (cards; needs each
 * checkout's built client, `npm run build:client`; --flood-stories: half the flood asks for story
 * cards, servers that have them; --card-renders 10: the render CPU of a story card beside a preview
 * card's, this checkout only, before the flood; --flood-rounds 0 for that alone); --memory-games 1000 --memory-friends 50 (memory
 * per cached game and per friends' circle, this checkout only); --games-seconds 60 --games-rate 500
 * --games-count 2000 --games-watchers 5 --games-friends 3 (friends playing each game at once)
 * --games-in-flight 256 (requests in flight at most; games: PostgreSQL needs --redis too);
 * --push-fair-wait 60 (seconds to wait for that push before counting it late);
 * --party-count 1000 --party-phones 20 --party-seconds 120 (party play, measured after the parties'
 * staggered starts) --party-fanout-phones 50 --party-messages 40 (phase changes per round; --rounds rounds).
 * --bus-games 2000 --bus-commits 20000 --bus-instances 4 (bus-share, --rounds of it, on --redis; with
 * compare, <dir>'s own bus runs beside: the one-channel bus before issue 46).
 * --storm-games 500 --storm-watchers 10 --storm-parties 250 --storm-phones 20 --storm-rounds 3
 * --storm-drop clients,server,floor (storm: each round of each kind of drop, in turn; floor: the
 * clients drop against a bare ws server with as many sockets).
 * Each server is built with tsc if needed and runs in its own process.
 * Shorter: `--rounds 3 --seconds 2 --messages 40 --sockets 5000 --postgres none`, or one part
 * (games: `--games-seconds 20 --games-count 500 --games-rate 125`).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { busShareBench, printBusShare } from './bus-share.js';
import { cardCpuBench, printCardCpu } from './card-cpu.js';
import { cardsBench, printCards } from './cards.js';
import { circleBench, circleWorstMs, printCircle } from './circle.js';
import { gamesBench, gamesGoals, printGames } from './games.js';
import { DEFAULT_POSTGRES_URL, loadavg, median, medianRange } from './harness.js';
import { httpBench, onPostgres, onPostgresRedis, printHttp } from './http.js';
import { liveBench, printLive, printRss, rssBench, showSpread } from './live.js';
import { memoryBench, printMemory } from './memory.js';
import { partyFanoutBench, partyGoals, partyPlayBench, printPartyFanout, printPartyPlay } from './party.js';
import { failoverBench, printFailover } from './party-failover.js';
import { pgBench, pgGoals, printPg } from './pg.js';
import { printPush, pushBench } from './push.js';
import { printPushFair, pushFairBench } from './push-fair.js';
import { presenceBytes, printRounds, roundsBench } from './rounds.js';
import { printStatements, statementBench } from './statement.js';
import { printStorm, stormBench, stormDrops, stormGoals } from './storm.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    server: { type: 'string', default: process.env.BENCH_SERVER_DIR },
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    postgres: { type: 'string', default: DEFAULT_POSTGRES_URL },
    redis: { type: 'string', default: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379' },
    sockets: { type: 'string', default: '5000,10000' },
    unpinned: { type: 'boolean', default: false },
    messages: { type: 'string', default: '100' },
    idle: { type: 'string', default: '10000' },
    'flood-rounds': { type: 'string', default: '3' },
    'flood-seconds': { type: 'string', default: '6' },
    'flood-clients': { type: 'string', default: '32' },
    'flood-games': { type: 'string', default: '200' },
    'flood-stories': { type: 'boolean', default: false },
    'card-renders': { type: 'string', default: '10' },
    'memory-games': { type: 'string', default: '1000' },
    'memory-friends': { type: 'string', default: '50' },
    'games-seconds': { type: 'string', default: '60' },
    'games-rate': { type: 'string', default: '500' },
    'games-count': { type: 'string', default: '2000' },
    'games-watchers': { type: 'string', default: '5' },
    'games-friends': { type: 'string', default: '3' },
    'games-in-flight': { type: 'string', default: '256' },
    'push-fair-wait': { type: 'string', default: '60' },
    'party-phones': { type: 'string', default: '20' },
    'party-count': { type: 'string', default: '1000' },
    'party-seconds': { type: 'string', default: '120' },
    'party-fanout-phones': { type: 'string', default: '50' },
    'party-messages': { type: 'string', default: '40' },
    'failover-kills': { type: 'string', default: '10' },
    'bus-games': { type: 'string', default: '2000' },
    'bus-commits': { type: 'string', default: '20000' },
    'bus-instances': { type: 'string', default: '4' },
    'storm-games': { type: 'string', default: '500' },
    'storm-watchers': { type: 'string', default: '10' },
    'storm-parties': { type: 'string', default: '250' },
    'storm-phones': { type: 'string', default: '20' },
    'storm-rounds': { type: 'string', default: '3' },
    'storm-drop': { type: 'string', default: 'clients,server,floor' },
  },
});

const PARTS = [
  'all',
  'http',
  'live',
  'rss',
  'cards',
  'circle',
  'memory',
  'bus',
  'bus-share',
  'push',
  'push-fair',
  'rounds',
  'games',
  'pg',
  'statement',
  'party',
  'storm',
  'failover',
];
const parts = new Set<string>();
let before: string | undefined;
for (let i = 0; i < positionals.length; i++) {
  if (positionals[i] === 'compare') before = positionals[++i];
  else if (PARTS.includes(positionals[i])) parts.add(positionals[i]);
  else throw new Error(`Unknown argument "${positionals[i]}"; see bench/run.ts for the usage.`);
}
if (positionals.includes('compare') && !before) throw new Error('compare needs the folder of the other checkout.');
const wanted = (name: string) => parts.size === 0 || parts.has('all') || parts.has(name);
const here = resolve(values.server ?? resolve(import.meta.dirname, '..'));
const servers: [string, string][] = before
  ? [
      ['before', resolve(before)],
      ['after', here],
    ]
  : [['server', here]];
const n = (name: keyof typeof values) => Number(values[name]);

const fdLimit = Number(/Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1]);
const socketCounts = String(values.sockets).split(',').map(Number);
const postgres = values.postgres === 'none' ? undefined : values.postgres;
// The fan-out's servers and its floor hold their sockets at the same time.
const fdsNeeded =
  Math.max(
    n('idle'),
    Math.max(...socketCounts) * (servers.length + 1),
    n('games-count') * n('games-watchers'),
    n('party-count') * (n('party-phones') + 1),
    // The storm's server holds every socket, and for a moment the dropped ones beside the new.
    n('storm-games') * n('storm-watchers') + n('storm-parties') * n('storm-phones'),
  ) + 200;
console.log(`Wavelength benchmarks, Node ${process.version}, ${new Date().toISOString()}, load ${loadavg()}`);
console.log(`Servers: ${servers.map(([name, dir]) => `${name} = ${dir}`).join(', ')}; open files limit ${fdLimit}`);
if (fdLimit < fdsNeeded) console.log(`  (raise it: \`ulimit -n ${fdsNeeded}\`; sockets may fail to open)`);

const live = { messages: n('messages'), gapMs: 200, clients: 2 };
const http = wanted('http')
  ? await httpBench(servers, {
      rounds: n('rounds'),
      seconds: n('seconds'),
      connections: n('connections'),
      postgres,
      // Only this checkout's server knows BUS_URL.
      redis: values.redis === 'none' ? undefined : { url: String(values.redis), server: servers.at(-1)?.[0] ?? '' },
    })
  : undefined;
if (http) printHttp(http);
const fanouts = [];
if (wanted('live')) {
  for (const sockets of socketCounts) {
    const fanout = await liveBench(servers, { ...live, sockets, pinned: !values.unpinned });
    printLive(fanout);
    fanouts.push(fanout);
  }
}
const rss = wanted('rss')
  ? await rssBench(servers, { ...live, sockets: n('idle'), messages: 5, clients: 4 })
  : undefined;
if (rss) printRss(rss);
const cardCpu = wanted('cards') ? await cardCpuBench(n('card-renders')) : undefined;
if (cardCpu) printCardCpu(cardCpu);
const cards =
  wanted('cards') && n('flood-rounds') > 0
    ? await cardsBench(servers, {
        rounds: n('flood-rounds'),
        seconds: n('flood-seconds'),
        clients: n('flood-clients'),
        games: n('flood-games'),
        stories: values['flood-stories'],
      })
    : undefined;
if (cards) printCards(cards);
// Only this checkout's server: a "before" server may not have get-circle.
const circle = wanted('circle')
  ? await circleBench(here, { friends: 1000, games: 3, seconds: n('seconds'), connections: n('connections') })
  : undefined;
if (circle) printCircle(circle);
const memory = wanted('memory')
  ? await memoryBench(here, { games: n('memory-games'), friends: n('memory-friends') })
  : undefined;
if (memory) printMemory(memory);
if (wanted('push')) {
  printPush(await pushBench(here, { rounds: n('rounds'), seconds: n('seconds'), connections: n('connections') }));
}
if (wanted('push-fair')) {
  printPushFair(
    await pushFairBench(servers, {
      rounds: n('rounds'),
      waitMs: n('push-fair-wait') * 1000,
      games: 10,
      subscriptions: 50,
    }),
  );
}
// Only this checkout's server: a "before" server has no answer-round.
const rounds = wanted('rounds')
  ? await roundsBench(here, {
      rounds: n('rounds'),
      seconds: n('seconds'),
      connections: n('connections'),
      postgres,
    })
  : undefined;
if (rounds) {
  printRounds(rounds);
  console.log(
    `  presence: ${presenceBytes().toFixed(0)} heap bytes per playing friend in a cached game (goal ≤ 1,024)`,
  );
}
// Only this checkout's server: a "before" server has no answer-round.
const games = wanted('games')
  ? await gamesBench(here, {
      seconds: n('games-seconds'),
      rate: n('games-rate'),
      games: n('games-count'),
      watchers: n('games-watchers'),
      friends: n('games-friends'),
      inFlight: n('games-in-flight'),
      postgres,
      redis: values.redis === 'none' ? undefined : String(values.redis),
    })
  : undefined;
if (games) printGames(games);
// This checkout's server on PostgreSQL (it needs one), beside pgbench; with compare, the "before" one too.
const pg =
  wanted('pg') && postgres
    ? await pgBench(here, { rounds: n('rounds'), seconds: n('seconds'), postgres, before: before && resolve(before) })
    : undefined;
if (pg) printPg(pg);
// The statements alone, on a fresh database of this checkout's server; with compare, <dir>'s too.
const statements =
  wanted('statement') && postgres
    ? await statementBench(here, { rounds: n('rounds'), postgres, before: before && resolve(before) })
    : undefined;
if (statements) printStatements(statements);
// Only this checkout's server: a "before" server has no party.
const partyFanout = wanted('party')
  ? await partyFanoutBench(here, {
      phones: n('party-fanout-phones'),
      rounds: n('rounds'),
      messages: n('party-messages'),
      pinned: !values.unpinned,
    })
  : undefined;
if (partyFanout) printPartyFanout(partyFanout);
const partyPlay = wanted('party')
  ? await partyPlayBench(here, {
      parties: n('party-count'),
      phones: n('party-phones'),
      seconds: n('party-seconds'),
      fdLimit,
    })
  : undefined;
if (partyPlay) printPartyPlay(partyPlay);
if (wanted('bus')) {
  // The buses between instances: LISTEN/NOTIFY's ceiling beside Redis pub/sub's (its own process).
  console.log('');
  execFileSync(
    process.execPath,
    ['--import', 'tsx', resolve(import.meta.dirname, 'notify-ceiling.ts'), '3', '1,8,32,64', '1,10'],
    { stdio: 'inherit' },
  );
}
// Only this checkout's bus, on Redis (and a cluster of its own when redis-server is installed).
if (wanted('bus-share') && values.redis !== 'none') {
  printBusShare(
    await busShareBench({
      redis: String(values.redis),
      instances: n('bus-instances'),
      games: n('bus-games'),
      commits: n('bus-commits'),
      rounds: n('rounds'),
      inFlight: 64,
      before: before ? resolve(before) : undefined,
    }),
  );
}
// Only this checkout's server: a reconnect storm of game and party sockets.
const storm = wanted('storm')
  ? await stormBench(here, {
      games: n('storm-games'),
      watchers: n('storm-watchers'),
      parties: n('storm-parties'),
      phones: n('storm-phones'),
      rounds: n('storm-rounds'),
      drops: stormDrops(String(values['storm-drop'])),
    })
  : undefined;
if (storm) printStorm(storm);
// Only this checkout's server: the party clock's instance killed again and again.
if (wanted('failover') && postgres) {
  const redis = values.redis === 'none' ? undefined : String(values.redis);
  printFailover(await failoverBench({ redis, kills: n('failover-kills') }));
}

// The issue's goals, side by side.
/** Per round, a server's req/s over another's (they ran in the same round, one after the other). */
const ratios = (call: string, name: string, base: string) => {
  const row = http?.rows.find((r) => r.call.startsWith(call));
  const a = row?.rps.get(name) ?? [];
  const b = row?.rps.get(base) ?? [];
  return a.length > 0 && a.length === b.length ? a.map((value, i) => value / b[i]) : [];
};
/** The median of the rounds' ratios, and their range. */
const ratio = (call: string, name: string, base = 'bare') => {
  return medianRange(ratios(call, name, base), 2);
};
const cpuOf = (call: string, name: string) => {
  const row = http?.rows.find((r) => r.call.startsWith(call));
  const cpu = median(row?.cpu.get(name) ?? []);
  const db = row?.dbCpu.get(name)?.length ? median(row?.dbCpu.get(name) ?? []) : undefined;
  if (!Number.isFinite(cpu)) return '—';
  return db === undefined ? cpu.toFixed(0) : `${cpu.toFixed(0)}+${db.toFixed(0)}`;
};
if (http || rss) {
  console.log(
    '\nSummary against the goals of issues 26 and 38 (ratios: median of the rounds, their range in brackets)',
  );
  console.log(
    `  ${'server'.padEnd(8)} ${'get-all-players ×bare'.padStart(21)}   ${'log-response ×bare'.padStart(18)}   ${'PostgreSQL log-response ×SQLite'.padStart(31)}   ${'the same, Redis bus'.padStart(19)}   ${'KiB/idle socket'.padStart(15)}`,
  );
  console.log(
    `  ${'goal'.padEnd(8)} ${'≥ 0.80'.padStart(21)}   ${'≥ 0.50'.padStart(18)}   ${'≥ 0.80'.padStart(31)}   ${'≥ 0.80'.padStart(19)}`,
  );
  for (const [name] of servers) {
    const r = rss?.rows.find((row) => row.name === name);
    console.log(
      `  ${name.padEnd(8)} ${ratio('get-all', name).padStart(21)}   ${ratio('log-response', name).padStart(18)}   ${ratio('log-response', onPostgres(name), name).padStart(31)}   ${ratio('log-response', onPostgresRedis(name), name).padStart(19)}   ${(r ? r.perSocket.toFixed(1) : '—').padStart(15)}`,
    );
  }
  console.log(
    `  CPU µs per request (server, + its PostgreSQL backends): ${servers
      .flatMap(([name]) => [
        `${name} read ${cpuOf('get-all', name)}, answer ${cpuOf('log-response', name)}`,
        ...(postgres
          ? [onPostgres(name), onPostgresRedis(name)]
              .filter((run) => http?.servers.includes(run))
              .map((run) => `${run} read ${cpuOf('get-all', run)}, answer ${cpuOf('log-response', run)}`)
          : []),
      ])
      .join('; ')}`,
  );
}
if (fanouts.length > 0) {
  console.log(
    '\nSummary against the fan-out goals of issue 38 (ratios to the bare-ws floor: median of the fifths of the messages, their range in brackets)',
  );
  console.log(
    `  ${'server'.padEnd(8)} ${'watchers'.padStart(8)}   ${'delivery p99 ×floor'.padStart(19)}   ${'CPU/message ×floor'.padStart(18)}   ${'writer answer p50 ms'.padStart(20)}   p99 ms ours / floor`,
  );
  console.log(
    `  ${'goal'.padEnd(8)} ${''.padStart(8)}   ${'≤ 1.20'.padStart(19)}   ${'≤ 1.20'.padStart(18)}   ${'≤ 10'.padStart(20)}`,
  );
  for (const fanout of fanouts) {
    const floor = fanout.rows.find((r) => r.floor);
    for (const f of fanout.rows.filter((r) => !r.floor)) {
      const against = fanout.againstFloor.find((a) => a.name === f.name);
      console.log(
        `  ${f.name.padEnd(8)} ${fanout.options.sockets.toLocaleString('en-US').padStart(8)}   ${showSpread(against?.p99).padStart(19)}   ${showSpread(against?.cpu).padStart(18)}   ${showSpread(f.writerFifths).padStart(20)}   ${f.delivery[1].toFixed(0)} / ${floor ? floor.delivery[1].toFixed(0) : '—'}`,
      );
    }
  }
}
if (cards) {
  console.log('\nSummary against the goal of issue 20 (card flood, medians of the rounds)');
  console.log('  server   JS bundle p99 ms   get-all-players p99 ms   RSS peak MiB');
  console.log(`  goal     ${'≤ 100'.padStart(16)}   ${'≤ 100'.padStart(22)}`);
  for (const [name, list] of cards.rounds) {
    const m = (pick: (r: (typeof list)[number]) => number) => median(list.map(pick));
    console.log(
      `  ${name.padEnd(8)} ${m((r) => r.staticP99)
        .toFixed(0)
        .padStart(16)}   ${m((r) => r.apiP99)
        .toFixed(0)
        .padStart(22)}   ${(m((r) => r.rssPeak) / 1024).toFixed(0).padStart(12)}`,
    );
  }
}
if (circle)
  console.log(`  get-circle for a creator, 1,000 friends: ${circleWorstMs(circle).toFixed(1)} CPU ms (goal ≤ 50)`);
if (games) {
  console.log(
    '\nSummary against the goals of issue 38 item 2 (real games; p99: the median of the run’s 10-s windows, their range and the whole run’s in brackets)',
  );
  for (const line of gamesGoals(games)) console.log(line);
}
if (pg) {
  console.log(
    '\nSummary against goal 3 of issue 38 and issue 46 (PostgreSQL; median of the rounds, their range in brackets)',
  );
  for (const goal of pgGoals(pg)) {
    console.log(
      `  ${goal.call.padEnd(13)} answers/s ×pgbench of the app's statement, its batch ${goal.batched.text} (goal ≥ 0.67), beside a busy core ${goal.busy.text}, one answer ${goal.one.text}; CPU per answer ×SQLite ${goal.cpu.text} (goal ≤ 1.20)`,
    );
  }
}
if (partyFanout || partyPlay) {
  console.log('\nSummary against the speed goals of issue 45 (party)');
  for (const line of partyGoals(partyFanout, partyPlay)) console.log(`  ${line}`);
}
if (storm) {
  console.log('\nSummary against the reconnect-storm goals of issue 46');
  for (const line of stormGoals(storm)) console.log(`  ${line}`);
}
console.log(`Load at the end: ${loadavg()}`);
process.exit(0);

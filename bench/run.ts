/**
 * npm run bench                          HTTP vs bare Fastify, live fan-out at 5,000, RSS at 10,000,
 *                                        a flood of link-preview cards, the friends' circle on full games
 * npm run bench -- http|live|rss|cards|circle   one part only
 * npm run bench -- compare <dir> [part]  <dir>'s server ("before") and this one ("after"), alternately
 * Options: --server <dir> (or BENCH_SERVER_DIR) measures another checkout's server instead of this
 * one; --rounds 5 --seconds 3 --connections 20 (HTTP); --sockets 5000 --messages 100 (fan-out);
 * --idle 10000 (RSS); --flood-rounds 3 --flood-seconds 6 --flood-clients 32 --flood-games 200
 * (cards; needs each checkout's built client, `npm run build:client`). Each server is built with
 * tsc if needed and runs in its own process.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { cardsBench, printCards } from './cards.js';
import { circleBench, circleWorstMs, printCircle } from './circle.js';
import { loadavg, median } from './harness.js';
import { httpBench, printHttp } from './http.js';
import { liveBench, printLive, printRss, rssBench } from './live.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    server: { type: 'string', default: process.env.BENCH_SERVER_DIR },
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    sockets: { type: 'string', default: '5000' },
    messages: { type: 'string', default: '100' },
    idle: { type: 'string', default: '10000' },
    'flood-rounds': { type: 'string', default: '3' },
    'flood-seconds': { type: 'string', default: '6' },
    'flood-clients': { type: 'string', default: '32' },
    'flood-games': { type: 'string', default: '200' },
  },
});

const PARTS = ['all', 'http', 'live', 'rss', 'cards', 'circle'];
let part = 'all';
let before: string | undefined;
for (let i = 0; i < positionals.length; i++) {
  if (positionals[i] === 'compare') before = positionals[++i];
  else if (PARTS.includes(positionals[i])) part = positionals[i];
  else throw new Error(`Unknown argument "${positionals[i]}"; see bench/run.ts for the usage.`);
}
if (positionals.includes('compare') && !before) throw new Error('compare needs the folder of the other checkout.');
const here = resolve(values.server ?? resolve(import.meta.dirname, '..'));
const servers: [string, string][] = before
  ? [
      ['before', resolve(before)],
      ['after', here],
    ]
  : [['server', here]];
const n = (name: keyof typeof values) => Number(values[name]);

const fdLimit = Number(/Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1]);
const fdsNeeded = Math.max(n('idle'), n('sockets') * servers.length) + 200;
console.log(`Wavelength benchmarks, Node ${process.version}, ${new Date().toISOString()}, load ${loadavg()}`);
console.log(`Servers: ${servers.map(([name, dir]) => `${name} = ${dir}`).join(', ')}; open files limit ${fdLimit}`);
if (fdLimit < fdsNeeded) console.log(`  (raise it: \`ulimit -n ${fdsNeeded}\`; sockets may fail to open)`);

const live = { messages: n('messages'), gapMs: 200, clients: 2 };
const http =
  part === 'all' || part === 'http'
    ? await httpBench(servers, { rounds: n('rounds'), seconds: n('seconds'), connections: n('connections') })
    : undefined;
if (http) printHttp(http);
const fanout =
  part === 'all' || part === 'live' ? await liveBench(servers, { ...live, sockets: n('sockets') }) : undefined;
if (fanout) printLive(fanout);
const rss =
  part === 'all' || part === 'rss'
    ? await rssBench(servers, { ...live, sockets: n('idle'), messages: 5, clients: 4 })
    : undefined;
if (rss) printRss(rss);
const cards =
  part === 'all' || part === 'cards'
    ? await cardsBench(servers, {
        rounds: n('flood-rounds'),
        seconds: n('flood-seconds'),
        clients: n('flood-clients'),
        games: n('flood-games'),
      })
    : undefined;
if (cards) printCards(cards);
// Only this checkout's server: a "before" server may not have get-circle.
const circle =
  part === 'all' || part === 'circle'
    ? await circleBench(here, { friends: 1000, games: 3, seconds: n('seconds'), connections: n('connections') })
    : undefined;
if (circle) printCircle(circle);

// The issue's goals, side by side.
const ratio = (call: string, name: string) => {
  const row = http?.rows.find((r) => r.call.startsWith(call));
  if (!row) return '—';
  return (median(row.rps.get(name) ?? []) / median(row.rps.get('bare') ?? [])).toFixed(2);
};
if (http || fanout || rss) {
  console.log('\nSummary against the goals of issue 12');
  console.log(
    '  server   get-all-players ×bare   log-response ×bare   writer p50 ms   delivery p99 ms   KiB/idle socket',
  );
  console.log(
    `  goal     ${'≥ 0.70'.padStart(21)}   ${'≥ 0.40'.padStart(18)}   ${'≤ 15'.padStart(13)}   ${'≤ 100'.padStart(15)}   ${'≤ 12'.padStart(15)}`,
  );
  for (const [name] of servers) {
    const f = fanout?.rows.find((r) => r.name === name);
    const r = rss?.rows.find((row) => row.name === name);
    console.log(
      `  ${name.padEnd(8)} ${ratio('get-all', name).padStart(21)}   ${ratio('log-response', name).padStart(18)}   ${(f ? f.writer[0].toFixed(1) : '—').padStart(13)}   ${(f ? f.delivery[1].toFixed(1) : '—').padStart(15)}   ${(r ? r.perSocket.toFixed(1) : '—').padStart(15)}`,
    );
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
console.log(`Load at the end: ${loadavg()}`);
process.exit(0);

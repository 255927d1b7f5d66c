/**
 * What one lease tick's renewal costs SQLite (issue 46, docs/benchmarks.md "party"): `parties`
 * parties held by one instance, their lease renewed by one UPDATE, in the party's row (the first
 * design: the row holds the state, so each renewal rewrites it) beside a table of leases of its
 * own (migrations/021_party_clock.sql), alternately, `rounds` times each, a passive checkpoint
 * after each. Not part of `npm run bench`:
 *   npx tsx bench/lease-renewal.ts [parties = 933] [state bytes = 4000] [rounds = 20]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { median } from './harness.js';

const [parties = 933, stateBytes = 4000, rounds = 20] = process.argv.slice(2).map(Number);
const db = new Database(join(mkdtempSync(join(tmpdir(), 'wavelength-lease-')), 'bench.db'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec(`
  CREATE TABLE parties (id TEXT PRIMARY KEY, ended INTEGER NOT NULL DEFAULT 0, state TEXT NOT NULL,
    clock_holder TEXT, clock_until INTEGER NOT NULL DEFAULT 0, presence TEXT NOT NULL);
  CREATE TABLE party_clocks (party_id TEXT PRIMARY KEY REFERENCES parties (id) ON DELETE CASCADE,
    holder TEXT, until INTEGER NOT NULL DEFAULT 0);
  CREATE INDEX party_clocks_by_holder ON party_clocks (holder);`);
const state = JSON.stringify({ questions: 'x'.repeat(stateBytes) });
const presence = JSON.stringify(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`player${i}`, i])));
const party = db.prepare('INSERT INTO parties VALUES (?, 0, ?, ?, 0, ?)');
const clock = db.prepare('INSERT INTO party_clocks VALUES (?, ?, 0)');
db.transaction(() => {
  for (let i = 0; i < parties; i++) {
    party.run(`party${i}`, state, 'me', presence);
    clock.run(`party${i}`, 'me');
  }
})();
const renewals = {
  'in the party row': db.prepare(
    'UPDATE parties SET clock_until = ? WHERE clock_holder = ? AND ended = 0 RETURNING id',
  ),
  'a table of its own': db.prepare('UPDATE party_clocks SET until = ? WHERE holder = ? RETURNING party_id'),
};
const ms: Record<string, number[]> = { 'in the party row': [], 'a table of its own': [] };
for (let round = 0; round < rounds; round++) {
  for (const [name, renew] of Object.entries(renewals)) {
    const start = performance.now();
    renew.all(Date.now() + round, 'me');
    ms[name].push(performance.now() - start);
    db.pragma('wal_checkpoint(PASSIVE)');
  }
}
console.log(`Renewing ${parties} leases (a ${stateBytes}-byte state per party), ${rounds} rounds each, alternately:`);
for (const [name, values] of Object.entries(ms)) {
  const range = `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
  console.log(`  ${name.padEnd(20)} median ${median(values).toFixed(2)} ms (${range})`);
}
db.close();

/**
 * npx tsx bench/retention.ts [games] [friends] [batch size]
 *
 * The retention purge on a SQLite file: `games` (20,000) games past the retention with `friends`
 * (10) friends each, purged in batches of PURGE_BATCH_SIZE. Prints the longest batch: how long the
 * event loop is held at most (each batch is one synchronous transaction). NO_CHECKPOINT=1 turns
 * SQLite's automatic WAL checkpoints off, to tell the batches' own cost from a checkpoint's (a
 * checkpoint of 8,000 pages, see database.ts, can land in any commit).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { GroupCommit } from '../server/db/group-commit.js';
import { InProcessEventBus } from '../server/events/bus.js';
import { PURGE_BATCH_SIZE } from '../server/games/retention.js';
import { sqliteGameRepository } from '../server/games/sqlite.js';
import { responseWriter } from '../server/games/sqlite-responses.js';
import { openSqliteDatabase } from '../server/storage/sqlite.js';

const games = Number(process.argv[2] ?? 20_000);
const friends = Number(process.argv[3] ?? 10);
const batchSize = Number(process.argv[4] ?? PURGE_BATCH_SIZE);
const dir = mkdtempSync(join(tmpdir(), 'wavelength-bench-retention-'));
const db = openSqliteDatabase(join(dir, 'games.db'));
if (process.env.NO_CHECKPOINT) db.pragma('wal_autocheckpoint = 0');
const repository = sqliteGameRepository(db, new InProcessEventBus(), new GroupCommit(db, responseWriter(db)));

const questions = db
  .prepare("SELECT id FROM questions WHERE edition = 'classic' AND active = 1 LIMIT 10")
  .pluck()
  .all();
const insertGame = db.prepare(
  "INSERT INTO games (id, edition, creator_user_id, creator_name, created_at) VALUES (?, 'classic', 'c', 'Ada', ?)",
);
const insertRound = db.prepare(
  'INSERT INTO game_questions (game_id, position, question_id, creator_answer) VALUES (?, ?, ?, 1)',
);
const insertResponse = db.prepare(
  `INSERT INTO responses (game_id, player_user_id, public_id, player_name, answers, score_tenths, created_at)
   VALUES (?, ?, ?, 'Bo', '[1,1,1,1,1,1,1,1,1,1]', 50, 0)`,
);
db.transaction(() => {
  for (let g = 0; g < games; g++) {
    const id = `game-${g}`;
    insertGame.run(id, g);
    for (const [position, question] of questions.entries()) insertRound.run(id, position, question);
    for (let f = 0; f < friends; f++) insertResponse.run(id, `u${f}`, `p${f}`);
  }
})();

const batches: number[] = [];
for (;;) {
  const started = performance.now();
  const deleted = await repository.deleteGamesCreatedBefore(games, batchSize);
  batches.push(performance.now() - started);
  if (deleted < batchSize) break;
}
const sorted = [...batches].sort((a, b) => a - b);
console.log(
  `${games} games × ${friends} friends, batches of ${batchSize}: ${batches.length} batches, ` +
    `median ${sorted[sorted.length >> 1].toFixed(1)} ms, p90 ${sorted[Math.floor(sorted.length * 0.9)].toFixed(1)} ms, ` +
    `longest ${sorted.at(-1)?.toFixed(1)} ms, ` +
    `total ${batches.reduce((a, b) => a + b, 0).toFixed(0)} ms`,
);
db.close();
rmSync(dir, { recursive: true, force: true });

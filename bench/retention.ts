/**
 * npx tsx bench/retention.ts [games] [rounds]
 *
 * The retention purge of a SQLite file holding `games` (20,000) games past the retention, each
 * with a row in every table that names a game: 10 questions, 10 friends (with their networks), a
 * co-creator, 3 friends playing round by round, a report, a push subscription and a game made back
 * for it (game ids random, as ids.ts makes them, so each game's rows sit at random places of every
 * B-tree). Each round purges a fresh copy through registerRetention, as the server does, while a
 * probe notes the longest gap between two turns of the event loop: how long a request that arrives
 * during the purge waits at most (a SQLite batch holds the event loop for all of its time).
 * "fixed 200" is the purge before issue 42.8 (every batch 200 games); "budget" sizes each batch by
 * the time the last took (PURGE_BATCH_BUDGET_MS); both with SQLite's automatic checkpoints, which
 * run inside the commit that crosses wal_autocheckpoint, on the event loop. "worker checkpoints"
 * is the server since: the budget, with the log copied by the WalCheckpointer's thread
 * (server/db/checkpointer.ts). Rounds alternate; prints median (min–max), and the log file's size
 * when the purge ends.
 */
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { WalCheckpointer } from '../server/db/checkpointer.js';
import { GroupCommit } from '../server/db/group-commit.js';
import { InProcessEventBus } from '../server/events/bus.js';
import { PURGE_BATCH_BUDGET_MS, PURGE_BATCH_SIZE, registerRetention } from '../server/games/retention.js';
import { sqliteGameRepository } from '../server/games/sqlite.js';
import { responseWriter } from '../server/games/sqlite-responses.js';
import { newGameId } from '../server/ids.js';
import { openSqliteDatabase } from '../server/storage/sqlite.js';
import { medianRange } from './harness.js';

const games = Number(process.argv[2] ?? 20_000);
const rounds = Number(process.argv[3] ?? 5);
const friends = 10;
const dir = mkdtempSync(join(tmpdir(), 'wavelength-bench-retention-'));
const template = join(dir, 'template.db');

function fill(): void {
  const db = openSqliteDatabase(template);
  const questions = db
    .prepare("SELECT id FROM questions WHERE edition = 'classic' AND active = 1 LIMIT 10")
    .pluck()
    .all();
  const insert = (sql: string) => db.prepare(sql);
  const game = insert(
    "INSERT INTO games (id, edition, creator_user_id, creator_name, created_at) VALUES (?, 'classic', 'c', 'Ada', ?)",
  );
  const round = insert(
    'INSERT INTO game_questions (game_id, position, question_id, creator_answer) VALUES (?, ?, ?, 1)',
  );
  const response = insert(
    `INSERT INTO responses (game_id, player_user_id, public_id, player_name, answers, score_tenths, created_at)
     VALUES (?, ?, ?, 'Bo', '[1,1,1,1,1,1,1,1,1,1]', 50, 0)`,
  );
  const network = insert('INSERT INTO response_networks (game_id, network, public_id, created_at) VALUES (?, ?, ?, 0)');
  const coCreator = insert('INSERT INTO game_creators (game_id, user_id, created_at) VALUES (?, ?, 0)');
  const play = insert(
    `INSERT INTO plays (game_id, player_user_id, public_id, player_name, answers, started_at, updated_at)
     VALUES (?, ?, ?, 'Cy', '[1,2]', 0, 0)`,
  );
  const report = insert("INSERT INTO game_reports (game_id, reason, created_at) VALUES (?, 'spam', 0)");
  const push = insert(
    `INSERT INTO push_subscriptions (game_id, endpoint, user_id, p256dh, auth, created_at)
     VALUES (?, ?, 'c', 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', 'tBHItJI5svbpez7KI4CCXg', 0)`,
  );
  const reply = insert('INSERT INTO game_replies (game_id, reply_game_id, public_id, created_at) VALUES (?, ?, ?, 0)');
  const ids = Array.from({ length: games }, () => newGameId());
  db.transaction(() => {
    for (const [g, id] of ids.entries()) {
      game.run(id, g);
      for (const [position, question] of questions.entries()) round.run(id, position, question);
      for (let f = 0; f < friends; f++) {
        response.run(id, `u${f}`, `p${f}`);
        network.run(id, `n${f % 3}`, `p${f}`);
      }
      coCreator.run(id, `co-${id}`);
      for (let f = 0; f < 3; f++) play.run(id, `w${f}`, `q${f}`);
      report.run(id);
      push.run(id, `https://fcm.googleapis.com/fcm/send/${id}:APA91bHun4MxP5egoKMwt2KZFBaFUH-1RYqx`);
      if (g > 0) reply.run(ids[g - 1], id, 'p1');
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

/** One purge of a fresh copy: the longest gap between turns of the event loop, and the purge's time. */
async function purge(
  round: number,
  { budgetMs, checkpoints }: Mode,
): Promise<{ pause: number; over: number; total: number; walMib: number }> {
  const file = join(dir, `round-${round}.db`);
  copyFileSync(template, file);
  const db = openSqliteDatabase(file);
  if (checkpoints === 'off') db.pragma('wal_autocheckpoint = 0');
  const checkpointer = checkpoints === 'worker' ? WalCheckpointer.start(db) : undefined;
  const repository = sqliteGameRepository(db, new InProcessEventBus(), new GroupCommit(db, responseWriter(db)));
  const app = Fastify();
  let longest = 0;
  let over = 0;
  let last = performance.now();
  let probing = true;
  const probe = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    if (now - last > 50) over++;
    last = now;
    if (probing) setImmediate(probe);
  };
  setImmediate(probe);
  const started = performance.now();
  await registerRetention(app, {
    games: repository,
    days: 1,
    now: () => games + 2 * 86_400_000,
    budgetMs,
    // As openSqliteStorage gives it.
    settle: checkpointer && (() => checkpointer.settle()),
  });
  const total = performance.now() - started;
  probing = false;
  const walMib = statSync(`${file}-wal`).size / 2 ** 20;
  await app.close();
  const left = db.prepare('SELECT count(*) FROM games').pluck().get();
  if (left !== 0) throw new Error(`${left} games left`);
  await checkpointer?.close();
  db.close();
  rmSync(file, { force: true });
  return { pause: longest, over, total, walMib };
}

const filling = performance.now();
fill();
console.log(
  `${games} games, each with a row in every table, made in ${((performance.now() - filling) / 1000).toFixed(1)} s`,
);
interface Mode {
  name: string;
  budgetMs: number;
  /** SQLite's automatic ones in the commits, none at all, or the WalCheckpointer's thread. */
  checkpoints: 'commit' | 'off' | 'worker';
}
const modes: Mode[] = [
  { name: `fixed ${PURGE_BATCH_SIZE}`, budgetMs: Number.POSITIVE_INFINITY, checkpoints: 'commit' },
  { name: `budget ${PURGE_BATCH_BUDGET_MS} ms`, budgetMs: PURGE_BATCH_BUDGET_MS, checkpoints: 'commit' },
  {
    name: `budget ${PURGE_BATCH_BUDGET_MS} ms, worker checkpoints`,
    budgetMs: PURGE_BATCH_BUDGET_MS,
    checkpoints: 'worker',
  },
];
// CHECKPOINTS=off: the first two without any WAL checkpoint, to tell a batch's own time from a checkpoint's.
if (process.env.CHECKPOINTS === 'off') for (const mode of modes.slice(0, 2)) mode.checkpoints = 'off';
const results = new Map(
  modes.map((mode) => [
    mode.name,
    { pauses: [] as number[], overs: [] as number[], totals: [] as number[], wal: [] as number[] },
  ]),
);
for (let round = 0; round < rounds; round++) {
  for (const mode of modes) {
    const { pause, over, total, walMib } = await purge(round, mode);
    const result = results.get(mode.name);
    result?.pauses.push(pause);
    result?.overs.push(over);
    result?.totals.push(total / 1000);
    result?.wal.push(walMib);
    console.log(
      `  round ${round + 1} ${mode.name}: longest pause ${pause.toFixed(0)} ms, purge ${(total / 1000).toFixed(1)} s, log ${walMib.toFixed(0)} MiB`,
    );
  }
}
for (const mode of modes) {
  const { pauses, overs, totals, wal } = results.get(mode.name) ?? { pauses: [], overs: [], totals: [], wal: [] };
  console.log(
    `${mode.name}${mode.checkpoints === 'off' ? ', no checkpoints' : ''}: longest pause of a concurrent request ` +
      `${medianRange(pauses)} ms, pauses over 50 ms ${medianRange(overs)}, whole purge ${medianRange(totals, 1)} s, ` +
      `log at the end ${medianRange(wal)} MiB (${rounds} rounds)`,
  );
}
rmSync(dir, { recursive: true, force: true });

import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { CheckpointResult, CheckpointWorkerData } from './checkpointer.js';

/**
 * The WAL checkpointer's thread (checkpointer.ts): its own connection to the file, which copies
 * the log into the database with PASSIVE checkpoints. PASSIVE never takes the write lock nor waits
 * for anyone, so the main connection's readers and writers go on meanwhile; frames they append
 * during a checkpoint are left for the next one, which runs soon after (`catchUpMs`).
 */
const { path, intervalMs, catchUpMs } = workerData as CheckpointWorkerData;
const port = parentPort;
if (!port) throw new Error('checkpoint-worker.ts runs in a worker thread');

let opened: Database.Database;
try {
  opened = new Database(path, { fileMustExist: true });
} catch (error) {
  // The database went before this thread got to open it (a server closed while the thread was
  // still starting): nothing to copy. Said, and the thread ends without an uncaught error.
  port.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  port.close();
  process.exit(0);
}
const db = opened;
// The checkpoint syncs the log before copying it and the database after: a crash midway loses nothing.
db.pragma('synchronous = NORMAL');
// Never waits for a lock (PASSIVE takes none that writers hold): this thread never holds up the main one.
db.pragma('busy_timeout = 0');
const checkpoint = db.prepare<[], { busy: number; log: number; checkpointed: number }>(
  'PRAGMA wal_checkpoint(PASSIVE)',
);

let timer: NodeJS.Timeout | undefined;
let closing = false;
/** The last result sent: an idle log (everything copied, nothing new) is not sent again every tick. */
let sent = '';
/** The last flush() received (checkpointer.ts): each answer says which it began after. */
let asked = 0;

function tick(): void {
  timer = undefined;
  let next = intervalMs;
  try {
    const row = checkpoint.get();
    if (row) {
      const result: CheckpointResult = { log: row.log, checkpointed: row.checkpointed, busy: row.busy === 1, asked };
      // Frames appended while it copied (or the lock held by another checkpoint): again soon, so
      // that one runs when no write comes in between and the main connection starts the log over.
      if (result.busy || result.checkpointed < result.log) next = catchUpMs;
      const key = `${result.log}/${result.checkpointed}/${result.busy}/${asked}`;
      if (key !== sent) port?.postMessage({ type: 'checkpoint', result });
      sent = key;
    }
  } catch (error) {
    port?.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
  if (!closing) timer = setTimeout(tick, next);
}

port.on('message', (message: unknown) => {
  if (closing) return;
  // flush(): a checkpoint now rather than at the next tick.
  if (typeof message === 'object' && message !== null && 'asked' in message) {
    asked = Number(message.asked);
    if (timer) clearTimeout(timer);
    tick();
    return;
  }
  if (message !== 'close') return;
  closing = true;
  if (timer) clearTimeout(timer);
  db.close();
  port.close();
});

timer = setTimeout(tick, intervalMs);

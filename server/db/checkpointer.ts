import { once } from 'node:events';
import { existsSync, statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { AUTOCHECKPOINT_PAGES, type Db } from './database.js';

/** How often the checkpointer copies the log into the database (ms). */
export const CHECKPOINT_INTERVAL_MS = 1000;
/** How soon it tries again when writes came in while it copied (ms). */
export const CHECKPOINT_CATCH_UP_MS = 20;
/**
 * The log file is cut back to this size when it starts over (journal_size_limit): a burst (a
 * retention purge writes the log for seconds without a pause long enough to finish a checkpoint)
 * grows the file, which would otherwise keep that size. The pages of one old automatic checkpoint.
 */
export const WAL_SIZE_LIMIT_BYTES = AUTOCHECKPOINT_PAGES * 4096;

/** What one PASSIVE checkpoint answered: frames in the log, frames copied, whether another held the lock. */
export interface CheckpointResult {
  log: number;
  checkpointed: number;
  busy: boolean;
  /** The last flush() the worker had received when it began this checkpoint (0: none). */
  asked: number;
}

/** What checkpoint-worker.ts is started with. */
export interface CheckpointWorkerData {
  path: string;
  intervalMs: number;
  catchUpMs: number;
}

type WorkerMessage = { type: 'checkpoint'; result: CheckpointResult } | { type: 'error'; message: string };

interface CheckpointerOptions {
  intervalMs?: number;
  catchUpMs?: number;
  /** WAL_SIZE_LIMIT_BYTES (tests make it small); past twice this, the main connection copies what the worker has not. */
  limitBytes?: number;
  /** A failed checkpoint, or the thread ended: SQLite's automatic checkpoints are back on the main connection. */
  log?: (message: string, error?: unknown) => void;
}

// Built, this module is dist/server/db/checkpointer.js next to checkpoint-worker.js; from source
// (vitest, tsx) it is a .ts file, and the worker thread, which vitest's transform does not reach,
// registers tsx itself first.
const fromSource = import.meta.url.endsWith('.ts');
const WORKER = new URL(`./checkpoint-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
/** tsx's module API, found from here (the thread's own code would look from the working folder). */
const tsxApi = () => import.meta.resolve('tsx/esm/api');

/**
 * Copies the SQLite log (WAL) into the database file in a worker thread, off the event loop. SQLite's
 * automatic checkpoint runs inside the commit that crosses wal_autocheckpoint, on the thread that
 * commits: up to 8,000 pages and two fsyncs, which paused every request for 229 (217–355) ms during
 * a retention purge on a busy disk (bench/retention.ts). Here the main connection never checkpoints;
 * the worker's own connection does, every CHECKPOINT_INTERVAL_MS, with PASSIVE checkpoints that wait
 * for no reader or writer; the next write after a complete one starts the log over (and cuts its
 * file back to WAL_SIZE_LIMIT_BYTES). Writes that never pause long enough for one to complete are
 * met by settle() (a bulk job waits) and, past twice the limit, by a short checkpoint of the
 * remainder on the main connection (#finish), so the log stays bounded under any write load.
 * `undefined` for an in-memory database (no log to copy). `close` before closing the connection, so
 * that the connection closed last (the main one) makes the final checkpoint and removes the log.
 */
export class WalCheckpointer {
  /** Checkpoints reported so far, and the last one's answer. */
  checkpoints = 0;
  /** Checkpoints the main connection made (the log past twice the limit). */
  finishes = 0;
  last: CheckpointResult | undefined;
  readonly #db: Db;
  readonly #worker: Worker;
  readonly #options: CheckpointerOptions;
  #closing = false;
  readonly #limit: number;
  /** flush() calls waiting for a checkpoint that copies the whole log, each with its request's number. */
  #flushing: { asked: number; resolve: () => void }[] = [];
  #asked = 0;

  private constructor(db: Db, options: CheckpointerOptions) {
    this.#db = db;
    this.#options = options;
    this.#limit = options.limitBytes ?? WAL_SIZE_LIMIT_BYTES;
    const workerData: CheckpointWorkerData = {
      path: db.name,
      intervalMs: options.intervalMs ?? CHECKPOINT_INTERVAL_MS,
      catchUpMs: options.catchUpMs ?? CHECKPOINT_CATCH_UP_MS,
    };
    db.pragma('wal_autocheckpoint = 0');
    db.pragma(`journal_size_limit = ${this.#limit}`);
    // From source, the .ts file is imported once tsx's hooks are registered in the thread.
    this.#worker = fromSource
      ? new Worker(
          `import(${JSON.stringify(tsxApi())}).then(({ register }) => { register(); return import(${JSON.stringify(WORKER.href)}); })`,
          { eval: true, workerData },
        )
      : new Worker(WORKER, { workerData });
    // The thread alone never keeps the process alive (a server that forgot to close still exits).
    this.#worker.unref();
    this.#worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'error') this.#options.log?.('WAL checkpoint failed', new Error(message.message));
      else {
        this.checkpoints++;
        this.last = message.result;
        const { busy, log, checkpointed, asked } = message.result;
        if (!busy && checkpointed === log) this.#flushed(asked);
        if (this.#walBytes() > 2 * this.#limit) this.#finish();
      }
    });
    this.#worker.on('error', (error) => this.#fallBack(error));
    this.#worker.on('exit', () => this.#fallBack(undefined));
  }

  static start(db: Db, options: CheckpointerOptions = {}): WalCheckpointer | undefined {
    if (db.memory || db.name === '') return undefined;
    return new WalCheckpointer(db, options);
  }

  /**
   * Resolves at once while the log file is within WAL_SIZE_LIMIT_BYTES; past it, once a checkpoint
   * has copied all of it (asked for now), so that the next commit starts the log over. For a bulk
   * job (the retention purge) between its batches: it writes without a pause long enough for a
   * checkpoint to finish, and its log would grow for as long as it runs (to 1.6 GiB for 20,000
   * games, each read searching all of it); the event loop serves requests meanwhile.
   */
  settle(): Promise<void> {
    if (this.#closing || this.#walBytes() <= this.#limit) return Promise.resolve();
    return this.flush();
  }

  /** Resolves once a checkpoint begun after this call has copied the whole log (at once when closing). */
  flush(): Promise<void> {
    if (this.#closing) return Promise.resolve();
    const asked = ++this.#asked;
    return new Promise((resolve) => {
      this.#flushing.push({ asked, resolve });
      this.#worker.postMessage({ type: 'checkpoint', asked });
    });
  }

  /** The log file's size: past the limit, the log grew that far since it last started over. */
  #walBytes(): number {
    const wal = `${this.#db.name}-wal`;
    return existsSync(wal) ? statSync(wal).size : 0;
  }

  /**
   * Under a steady write load a commit comes in while each of the worker's checkpoints copies, the
   * log never starts over, and it grew for as long as the load lasted (log-response at 3,000 a
   * second, in a test 48 MiB of commits with only a turn of the event loop between). The worker
   * has copied all but the last commits' pages, so this checkpoint on the main connection is
   * short, and the next commit starts the log over. PASSIVE: nothing if the worker is copying now.
   */
  #finish(): void {
    if (this.#closing || !this.#db.open) return;
    const [row] = this.#db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
    if (row?.busy === 0) this.finishes++;
    if (row?.busy === 0 && row.checkpointed === row.log) this.#flushed(this.#asked);
  }

  /** A complete checkpoint begun after request `asked` (every request when closing). */
  #flushed(asked = Number.POSITIVE_INFINITY): void {
    const done = this.#flushing.filter((waiting) => waiting.asked <= asked);
    this.#flushing = this.#flushing.filter((waiting) => waiting.asked > asked);
    for (const { resolve } of done) resolve();
  }

  /** The thread is gone before close: SQLite checkpoints in the commits again, so the log stays bounded. */
  #fallBack(error: unknown): void {
    if (this.#closing) return;
    this.#closing = true;
    this.#flushed();
    if (this.#db.open) this.#db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    this.#options.log?.('WAL checkpointer stopped; checkpoints run in the commits again', error);
  }

  /** Stops the thread and closes its connection (a checkpoint under way finishes first). */
  async close(): Promise<void> {
    if (this.#closing) return;
    this.#closing = true;
    this.#flushed();
    const exited = once(this.#worker, 'exit');
    // Waited for now: the process stays until the thread has closed its connection.
    this.#worker.ref();
    this.#worker.postMessage('close');
    await exited;
  }
}

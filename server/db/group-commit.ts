import type { Db } from './database.js';

interface Pending<I, O> {
  input: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

/** Runs `flush` after the I/O of this turn of the event loop (setImmediate); tests pass their own. */
type Schedule = (flush: () => void) => void;

/**
 * Group commit: the writes asked for within one turn of the event loop (every request that
 * arrived together) run in one transaction, and each caller hears back once that transaction
 * has committed, so an answer is still never acknowledged before it is stored. In WAL mode a
 * commit writes every page it touched to the log, and the checkpoints that follow copy them
 * again; one commit for many writes shares those pages (one `games` page, the tail of the
 * table) instead of writing them once per write.
 *
 * A batch that fails as a whole is run again one write per transaction, so that a bad write
 * fails alone and the others are stored.
 */
export class GroupCommit<I, O> {
  #pending: Pending<I, O>[] = [];
  readonly #transaction: (inputs: readonly I[]) => O[];

  constructor(
    db: Db,
    write: (input: I) => O,
    private readonly schedule: Schedule = setImmediate,
  ) {
    this.#transaction = db.transaction((inputs: readonly I[]) => inputs.map(write));
  }

  /** Queues one write; resolves with its result once its transaction has committed. */
  run(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      if (this.#pending.push({ input, resolve, reject }) === 1) this.schedule(this.flush);
    });
  }

  /** Writes that are queued and not committed yet. */
  get pending(): number {
    return this.#pending.length;
  }

  /** Commits what is queued now, in the order it was queued (also before the database closes). */
  readonly flush = (): void => {
    const batch = this.#pending;
    this.#pending = [];
    if (batch.length === 0) return;
    let outputs: O[];
    try {
      outputs = this.#transaction(batch.map((pending) => pending.input));
    } catch (error) {
      if (batch.length === 1) batch[0].reject(error);
      else for (const pending of batch) this.#runAlone(pending);
      return;
    }
    for (const [i, pending] of batch.entries()) pending.resolve(outputs[i]);
  };

  #runAlone(pending: Pending<I, O>): void {
    try {
      pending.resolve(this.#transaction([pending.input])[0]);
    } catch (error) {
      pending.reject(error);
    }
  }
}

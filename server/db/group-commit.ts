import type { Db } from './database.js';

interface Pending<I, O> {
  input: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

/** Runs `flush` after the I/O of this turn of the event loop (setImmediate); tests pass their own. */
export type Schedule = (flush: () => void) => void;

/** Where writes go: `run` resolves once the write has committed; `close` waits for those under way. */
export interface Writes<I, O> {
  run(input: I): Promise<O>;
  close(): Promise<void>;
}

/** One write's outcome in a batch: its result, or the error it alone raised. */
type Outcome<O> = { ok: true; value: O } | { ok: false; error: Error };

/**
 * Runs `inputs` in one transaction; if that fails, runs each in its own transaction, so that a
 * bad write fails alone and the others are stored.
 */
function commitBatch<I, O>(transaction: (inputs: readonly I[]) => O[], inputs: readonly I[]): Outcome<O>[] {
  try {
    return transaction(inputs).map((value) => ({ ok: true, value }));
  } catch (error) {
    if (inputs.length === 1) return [{ ok: false, error: asError(error) }];
  }
  return inputs.map((input) => {
    try {
      return { ok: true, value: transaction([input])[0] };
    } catch (error) {
      return { ok: false, error: asError(error) };
    }
  });
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * Group commit: the writes asked for within one turn of the event loop (every request that
 * arrived together) run in one transaction, and each caller hears back once that transaction
 * has committed, so an answer is still never acknowledged before it is stored. In WAL mode a
 * commit writes every page it touched to the log, and the checkpoints that follow copy them
 * again; one commit for many writes shares those pages (one `games` page, the tail of the
 * table) instead of writing them once per write.
 *
 * A batch that fails as a whole is run again one write per transaction (see commitBatch).
 */
export class GroupCommit<I, O> implements Writes<I, O> {
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

  /** Commits what is queued now, in the order it was queued. */
  readonly flush = (): void => {
    const batch = this.#pending;
    this.#pending = [];
    if (batch.length === 0) return;
    const outcomes = commitBatch(
      this.#transaction,
      batch.map((pending) => pending.input),
    );
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome.ok) batch[i].resolve(outcome.value);
      else batch[i].reject(outcome.error);
    }
  };

  /** Commits what is still queued. */
  async close(): Promise<void> {
    this.flush();
  }
}

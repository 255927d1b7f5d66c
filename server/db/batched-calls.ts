interface Pending<I, O> {
  input: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

/** Runs `flush` after the I/O of this turn of the event loop (setImmediate); tests pass their own. */
type Schedule = (flush: () => void) => void;

interface BatchedCallsOptions {
  /** Batches on their way to the database at once; writes asked for meanwhile wait for the next. */
  concurrency?: number;
  /** The most writes one batch takes (one statement's parameters stay bounded). */
  maxBatch?: number;
  /**
   * While another batch is under way, a lone write waits for a second one (or for the database to
   * be free) instead of going alone: a statement costs the database about as much for one write
   * as for three, so under load fewer, fuller statements carry the same writes.
   */
  pairWhileBusy?: boolean;
  /**
   * Told of each batch once it is stored (or has failed): how many writes it carried and the
   * seconds from its start until then (the statement, its wait for the commit included).
   */
  observe?: (writes: number, seconds: number) => void;
  schedule?: Schedule;
}

/**
 * Writes one batch and returns each write's outcome, in order. It may call `committed` once the
 * batch is stored and all that is left is waiting (for its events to come back): its place among
 * the `concurrency` batches goes to the next batch then, while its callers still wait for it.
 */
export type WriteBatch<I, O> = (inputs: readonly I[], committed: () => void) => Promise<O[]>;

/**
 * Batches for a database reached over the network (PostgreSQL), where each statement costs a
 * round trip and two process wake-ups whatever its size. Group commit: the writes asked for within
 * one turn of the event loop go to the database as one batch (`write` stores them in one
 * transaction and returns each one's outcome, in order), and each caller hears back once that
 * transaction has committed, so an answer is still never acknowledged before it is stored. While
 * `concurrency` batches are under way, new writes gather into the next one: the busier the
 * server, the bigger the batches, and the fewer commits (and round trips) per write.
 *
 * A batch that fails as a whole is run again one write per batch, so that a bad write fails
 * alone and the others are stored (the SQLite GroupCommit does the same).
 *
 * Reads that many requests make at once (is this player a co-creator?) are batched the same way:
 * one query per turn instead of one per request.
 */
export class BatchedCalls<I, O> {
  #pending: Pending<I, O>[] = [];
  /** Batches on their way to the database (not yet stored), and the writes not yet answered. */
  #batches = 0;
  #running = 0;
  #scheduled = false;
  readonly #idle = new Set<() => void>();
  readonly #concurrency: number;
  readonly #maxBatch: number;
  readonly #pairWhileBusy: boolean;
  readonly #observe: ((writes: number, seconds: number) => void) | undefined;
  readonly #schedule: Schedule;

  constructor(
    private readonly write: WriteBatch<I, O>,
    options: BatchedCallsOptions = {},
  ) {
    this.#concurrency = options.concurrency ?? 2;
    this.#maxBatch = options.maxBatch ?? 500;
    this.#pairWhileBusy = options.pairWhileBusy ?? false;
    this.#observe = options.observe;
    this.#schedule = options.schedule ?? setImmediate;
  }

  /** Queues one write; resolves with its outcome once its transaction has committed. */
  run(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.#pending.push({ input, resolve, reject });
      this.#plan();
    });
  }

  /** Writes queued or under way. */
  get pending(): number {
    return this.#pending.length + this.#running;
  }

  /** Resolves once every write asked for so far has been answered (before the pool closes). */
  async drain(): Promise<void> {
    while (this.pending > 0) {
      this.#flushNow();
      await new Promise<void>((resolve) => this.#idle.add(resolve));
    }
  }

  #plan(): void {
    if (this.#scheduled || this.#pending.length === 0 || this.#batches >= this.#concurrency) return;
    this.#scheduled = true;
    this.#schedule(this.#flush);
  }

  readonly #flush = (): void => {
    this.#scheduled = false;
    this.#flushNow();
  };

  #flushNow(): void {
    while (this.#pending.length > 0 && this.#batches < this.#concurrency) {
      if (this.#pairWhileBusy && this.#batches > 0 && this.#pending.length < 2) return;
      const batch = this.#pending.splice(0, this.#maxBatch);
      this.#batches += 1;
      this.#running += batch.length;
      let holding = true;
      const started = this.#observe && performance.now();
      // Once stored, the batch no longer needs the database: the next one may go.
      const leave = () => {
        if (!holding) return;
        holding = false;
        if (started !== undefined) this.#observe?.(batch.length, (performance.now() - started) / 1000);
        this.#batches -= 1;
        this.#plan();
      };
      void this.#commit(batch, leave).finally(() => {
        this.#running -= batch.length;
        leave();
        for (const wake of this.#idle) wake();
        this.#idle.clear();
      });
    }
  }

  async #commit(batch: Pending<I, O>[], committed: () => void): Promise<void> {
    let outputs: O[];
    try {
      outputs = await this.write(
        batch.map((pending) => pending.input),
        committed,
      );
    } catch (error) {
      if (batch.length === 1) batch[0].reject(error);
      // One at a time in this batch's place, which they hold until the last one is answered.
      else await Promise.all(batch.map((pending) => this.#commit([pending], () => {})));
      return;
    }
    for (const [i, pending] of batch.entries()) pending.resolve(outputs[i]);
  }
}

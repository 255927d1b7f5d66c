import { Worker } from 'node:worker_threads';
import type { Outcome, Writes } from './group-commit.js';

/** What the main thread asks a writer thread. */
export type ToWriter<I> = { type: 'batch'; id: number; inputs: I[] } | { type: 'close' };
/** One write's outcome as it crosses to the main thread (an error as its message: errors do not clone whole). */
export type WireOutcome<O> = { ok: true; value: O } | { ok: false; message: string };
/** What a writer thread answers: ready once its connection is open, then each batch's outcomes. */
export type FromWriter<O> = { type: 'ready' } | { type: 'done'; id: number; outcomes: WireOutcome<O>[] };

/** For the writer thread: an outcome as it is sent. */
export const toWire = <O>(outcome: Outcome<O>): WireOutcome<O> =>
  outcome.ok ? outcome : { ok: false, message: outcome.error.message };

interface Pending<I, O> {
  input: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

/**
 * Starts `module` as a worker thread: the compiled .js as it is, or (tests, `npm run dev`) the
 * .ts source through tsx, which a worker does not inherit from its parent.
 */
function startWorker(module: URL, workerData: unknown): Worker {
  if (!module.pathname.endsWith('.ts')) return new Worker(module, { workerData });
  // An eval'd worker resolves bare names from the working directory: the project's, in both cases.
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/**
 * Group commit on a writer thread: the writes asked for within one turn of the event loop go to
 * the thread as one batch, which it commits in one transaction (with its own connection to the
 * same database file), and each caller hears back once that transaction has committed. The
 * event loop never waits for the disk: the commit, and the checkpoints that sync the log to the
 * database file, happen on the writer thread. What the main thread reads afterwards (its own
 * connection, WAL mode) already has the write.
 */
export class WriterThread<I, O> implements Writes<I, O> {
  readonly #worker: Worker;
  #queued: Pending<I, O>[] = [];
  readonly #inFlight = new Map<number, Pending<I, O>[]>();
  #nextId = 0;
  #closing: Promise<void> | undefined;
  /** Why the thread stopped, if it did: every later write fails with it. */
  #failure: Error | undefined;
  readonly #drained = new Set<() => void>();

  private constructor(
    worker: Worker,
    private readonly log: (message: string, error?: unknown) => void,
  ) {
    this.#worker = worker;
    worker.on('message', (message: FromWriter<O>) => {
      if (message.type === 'done') this.#settle(message.id, message.outcomes);
    });
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', (code) => this.#fail(new Error(`The database writer thread stopped (exit code ${code}).`)));
  }

  /** Starts the thread and resolves once its connection is open (rejects if it cannot start). */
  static start<I, O>(
    module: URL,
    workerData: unknown,
    log: (message: string, error?: unknown) => void = () => {},
  ): Promise<WriterThread<I, O>> {
    const worker = startWorker(module, workerData);
    return new Promise((resolve, reject) => {
      const fail = (error: unknown) => {
        worker.off('message', ready);
        void worker.terminate();
        reject(error);
      };
      const ready = (message: FromWriter<O>) => {
        if (message.type !== 'ready') return;
        worker.off('error', fail);
        worker.off('message', ready);
        resolve(new WriterThread<I, O>(worker, log));
      };
      worker.on('message', ready);
      worker.once('error', fail);
    });
  }

  run(input: I): Promise<O> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#closing) return Promise.reject(new Error('The database is closing.'));
    return new Promise<O>((resolve, reject) => {
      if (this.#queued.push({ input, resolve, reject }) === 1) setImmediate(this.#flush);
    });
  }

  readonly #flush = (): void => {
    const batch = this.#queued;
    this.#queued = [];
    if (batch.length === 0) return;
    if (this.#failure) {
      for (const pending of batch) pending.reject(this.#failure);
      return;
    }
    const id = this.#nextId++;
    this.#inFlight.set(id, batch);
    this.#worker.postMessage({ type: 'batch', id, inputs: batch.map((p) => p.input) } satisfies ToWriter<I>);
  };

  #settle(id: number, outcomes: WireOutcome<O>[]): void {
    const batch = this.#inFlight.get(id);
    if (!batch) return;
    this.#inFlight.delete(id);
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome.ok) batch[i].resolve(outcome.value);
      else batch[i].reject(new Error(outcome.message));
    }
    if (this.#inFlight.size === 0) for (const drained of this.#drained) drained();
  }

  #fail(error: Error): void {
    if (this.#failure) return;
    this.#failure = error;
    if (!this.#closing) this.log('The database writer thread stopped; responses cannot be stored.', error);
    // Whether these committed is unknown: their callers get an error (a retry then finds them, or stores them).
    for (const batch of this.#inFlight.values()) for (const pending of batch) pending.reject(error);
    this.#inFlight.clear();
    for (const drained of this.#drained) drained();
  }

  /** Sends what is queued, waits until every batch has committed, then ends the thread. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      this.#flush();
      if (this.#inFlight.size > 0 && !this.#failure) {
        await new Promise<void>((resolve) => {
          const drained = () => {
            if (this.#inFlight.size > 0) return;
            this.#drained.delete(drained);
            resolve();
          };
          this.#drained.add(drained);
        });
      }
      if (this.#failure) return;
      const exited = new Promise((resolve) => this.#worker.once('exit', resolve));
      this.#worker.postMessage({ type: 'close' } satisfies ToWriter<I>);
      await exited;
    })();
    return this.#closing;
  }
}

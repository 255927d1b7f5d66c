import { Piscina } from 'piscina';
import type { CardTask, RenderedCard } from './og-worker.js';

export type { CardTask } from './og-worker.js';

/** Cards that may wait for a worker, per worker: a crawler gives up long before a longer queue drains. */
export const QUEUE_PER_WORKER = 4;
/** A worker idle this long ends, giving back its memory (it reloads fonts and satori when next needed). */
const IDLE_MS = 60_000;

/** The pool is full: the caller serves the generic card instead. */
export class RenderQueueFull extends Error {
  constructor() {
    super('The link-preview render queue is full.');
  }
}

// Built, this module is dist/server/cards/og-pool.js next to og-worker.js; from source (vitest, tsx)
// it is a .ts file, and the worker thread, which vitest's transform does not reach, loads tsx itself.
const fromSource = import.meta.url.endsWith('.ts');
const WORKER = new URL(`./og-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url).href;

/**
 * Renders cards in at most `concurrency` worker threads (OG_RENDER_CONCURRENCY), off the event
 * loop and off libuv's thread pool, at a lower CPU priority than the event loop (nice), so that
 * static files and API answers go first. At most QUEUE_PER_WORKER × concurrency more renders
 * wait; past that, `render` throws RenderQueueFull at once. Threads start on the first render.
 */
export class RenderPool {
  readonly #pool: Piscina<CardTask | null, RenderedCard>;
  readonly #queueLimit: number;
  #running = 0;
  /** Renders waiting for a thread, first served first; each is handed a running slot. */
  readonly #waiting: (() => void)[] = [];
  /** Renders done so far. */
  renders = 0;
  /** The threads they ran in (for tests: never 0, the main thread); one per worker ever started. */
  readonly renderThreads = new Set<number>();

  constructor(readonly concurrency: number) {
    this.#queueLimit = concurrency * QUEUE_PER_WORKER;
    this.#pool = new Piscina({
      filename: WORKER,
      minThreads: 0,
      maxThreads: concurrency,
      idleTimeout: IDLE_MS,
      // Linux nice(2) for each worker thread (through the optional @napi-rs/nice; skipped without it).
      niceIncrement: 10,
      execArgv: fromSource ? ['--import', 'tsx'] : undefined,
    });
  }

  /**
   * The card's PNG (the generic card for undefined). `first` is for the generic card, rendered
   * once and what every overflow is answered with: it waits at the head of the queue and is
   * admitted even when the queue is full.
   */
  async render(preview: CardTask | undefined, options: { first?: boolean } = {}): Promise<Buffer> {
    if (this.#running < this.concurrency) this.#running++;
    else {
      if (this.#waiting.length >= this.#queueLimit && !options.first) throw new RenderQueueFull();
      await new Promise<void>((resolve) => {
        if (options.first) this.#waiting.unshift(resolve);
        else this.#waiting.push(resolve);
      });
    }
    try {
      const { png, threadId } = await this.#pool.run(preview ?? null);
      this.renders++;
      this.renderThreads.add(threadId);
      return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
    } finally {
      // The slot goes straight to the next render, so no new one can slip in between.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }

  close(): Promise<void> {
    return this.#pool.destroy();
  }
}

import { Piscina } from 'piscina';
import type { GamePreview } from './meta.js';
import type { RenderedCard } from './og-worker.js';

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

// Built, this module is dist/server/web/og-pool.js next to og-worker.js; from source (vitest, tsx)
// it is a .ts file, and the worker thread, which vitest's transform does not reach, loads tsx itself.
const fromSource = import.meta.url.endsWith('.ts');
const WORKER = new URL(`./og-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url).href;

/**
 * Renders cards in at most `concurrency` worker threads (OG_RENDER_CONCURRENCY), off the event
 * loop and off libuv's thread pool. At most QUEUE_PER_WORKER × concurrency more wait; past that,
 * `render` throws RenderQueueFull at once. Threads start on the first render.
 */
export class RenderPool {
  readonly #pool: Piscina<GamePreview | null, RenderedCard>;
  readonly #limit: number;
  #admitted = 0;
  /** Renders done so far. */
  renders = 0;
  /** The threads they ran in (for tests: never 0, the main thread); one per worker ever started. */
  readonly renderThreads = new Set<number>();

  constructor(readonly concurrency: number) {
    this.#limit = concurrency * (1 + QUEUE_PER_WORKER);
    this.#pool = new Piscina({
      filename: WORKER,
      minThreads: 0,
      maxThreads: concurrency,
      idleTimeout: IDLE_MS,
      execArgv: fromSource ? ['--import', 'tsx'] : undefined,
    });
  }

  /**
   * The card's PNG (the generic card for undefined). `always` admits the render past the queue
   * limit: the generic card, rendered once, is what every overflow is answered with.
   */
  async render(preview: GamePreview | undefined, options: { always?: boolean } = {}): Promise<Buffer> {
    if (this.#admitted >= this.#limit && !options.always) throw new RenderQueueFull();
    this.#admitted++;
    try {
      const { png, threadId } = await this.#pool.run(preview ?? null);
      this.renders++;
      this.renderThreads.add(threadId);
      return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
    } finally {
      this.#admitted--;
    }
  }

  close(): Promise<void> {
    return this.#pool.destroy();
  }
}

/** Sockets written to in one go before the event loop gets a turn (other requests, replies). */
export const FAN_OUT_SLICE = 500;

/** Runs `step` later, after pending I/O (setImmediate); tests pass their own. */
type Defer = (step: () => void) => void;

interface Job<T> {
  targets: readonly T[];
  run: (target: T) => void;
}

/**
 * Runs fan-out jobs one after another, in the order they were pushed, each over its targets in
 * slices of `slice`, with a deferred step between slices. Nothing runs inside `push`: the code
 * that published (a request handler) answers first. As jobs keep their order, every target sees
 * the messages of one game in the order they were published.
 */
export class SlicedFanOut<T> {
  readonly #jobs: Job<T>[] = [];
  /** Next target of the first job. */
  #next = 0;
  #scheduled = false;

  constructor(
    private readonly slice = FAN_OUT_SLICE,
    private readonly defer: Defer = setImmediate,
  ) {}

  push(targets: readonly T[], run: (target: T) => void): void {
    if (targets.length === 0) return;
    this.#jobs.push({ targets, run });
    this.#schedule();
  }

  /** Jobs not finished yet. */
  get pending(): number {
    return this.#jobs.length;
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    this.defer(this.#step);
  }

  readonly #step = (): void => {
    this.#scheduled = false;
    let budget = this.slice;
    try {
      while (budget > 0 && this.#jobs.length > 0) {
        const { targets, run } = this.#jobs[0];
        const end = Math.min(targets.length, this.#next + budget);
        budget -= end - this.#next;
        // A local index in the loop (thousands of targets per message); it moves before each run
        // and is kept even if one throws, so a throwing target is not run again.
        let i = this.#next;
        try {
          while (i < end) run(targets[i++]);
        } finally {
          this.#next = i;
        }
        if (this.#next >= targets.length) {
          this.#jobs.shift();
          this.#next = 0;
        }
      }
    } finally {
      if (this.#jobs.length > 0) this.#schedule();
    }
  };
}

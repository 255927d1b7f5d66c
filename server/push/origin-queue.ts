/**
 * The pushes waiting to go out, queued fairly: one lane per push service (the endpoint's origin),
 * taken in turn, and in each lane one queue per game, taken in turn. A lane has at most
 * `perOrigin` pushes on the wire, so a push service that never answers holds its own places and
 * no one else's; its circuit breaker (breaker.ts) stops it from holding even those for long. A
 * game with 50 subscriptions waits behind itself, not in front of another game's first push.
 */
import { CircuitBreaker } from './breaker.js';

export interface OriginQueueOptions {
  /** Pushes on the wire at once, in all. */
  concurrency: number;
  /** Pushes on the wire at once to one push service. */
  perOrigin: number;
  /** Pushes waiting for one push service; more are refused. */
  maxQueuedPerOrigin: number;
  /** Failures in a row that open a push service's breaker, and for how long. */
  breaker: { threshold: number; coolDownMs: number };
  /** A push service's breaker opened (logs). */
  onBreakerOpen?: (origin: string) => void;
  now?: () => number;
}

/** A push: resolves true when the push service answered, false when it failed or did not answer in time. */
export type PushJob = () => Promise<boolean>;

interface Waiting {
  job: PushJob;
  /** Resolves once the job ran (or was dropped by `clear`). */
  done: () => void;
}

class Lane {
  /** Per game, in turn: the first game's first push goes next, then that game goes to the back. */
  readonly games = new Map<string, Waiting[]>();
  queued = 0;
  running = 0;
  /** A timer that wakes the queue when the breaker lets a trial through. */
  retry: NodeJS.Timeout | undefined;
  constructor(readonly breaker: CircuitBreaker) {}

  take(): Waiting {
    const [gameId, waiting] = this.games.entries().next().value as [string, Waiting[]];
    const next = waiting.shift() as Waiting;
    this.games.delete(gameId);
    if (waiting.length > 0) this.games.set(gameId, waiting);
    this.queued--;
    return next;
  }
}

export class OriginQueue {
  /** Per origin, in turn (a lane that started a push goes to the back). */
  private readonly lanes = new Map<string, Lane>();
  private running = 0;
  private readonly now: () => number;

  constructor(private readonly options: OriginQueueOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Queues a push to `origin` for `gameId`. Resolves once it ran (or `clear` dropped it); false
   * at once when that origin's queue is full.
   */
  add(origin: string, gameId: string, job: PushJob): { queued: boolean; done: Promise<void> } {
    const lane = this.lane(origin);
    if (lane.queued >= this.options.maxQueuedPerOrigin) return { queued: false, done: Promise.resolve() };
    const done = new Promise<void>((resolve) => {
      const waiting = lane.games.get(gameId);
      const entry = { job, done: resolve };
      if (waiting) waiting.push(entry);
      else lane.games.set(gameId, [entry]);
    });
    lane.queued++;
    this.pump();
    return { queued: true, done };
  }

  /** The breaker's state for an origin (tests, logs). */
  breakerState(origin: string) {
    return this.lanes.get(origin)?.breaker.state ?? 'closed';
  }

  /** Pushes waiting, per origin. */
  queued(origin: string): number {
    return this.lanes.get(origin)?.queued ?? 0;
  }

  /** Drops every waiting push (they resolve) and the breakers' timers. */
  clear(): void {
    for (const lane of this.lanes.values()) {
      clearTimeout(lane.retry);
      for (const waiting of lane.games.values()) for (const entry of waiting) entry.done();
      lane.games.clear();
      lane.queued = 0;
    }
  }

  private lane(origin: string): Lane {
    let lane = this.lanes.get(origin);
    if (!lane) {
      lane = new Lane(new CircuitBreaker({ ...this.options.breaker, now: this.now }));
      this.lanes.set(origin, lane);
    }
    return lane;
  }

  /** Starts what may start: lanes in turn, each within its own limit and its breaker's. */
  private pump(): void {
    while (this.running < this.options.concurrency) {
      const next = this.nextLane();
      if (!next) return;
      const [origin, lane] = next;
      // To the back of the turn.
      this.lanes.delete(origin);
      this.lanes.set(origin, lane);
      this.start(origin, lane, lane.take());
    }
  }

  private nextLane(): [string, Lane] | undefined {
    for (const [origin, lane] of this.lanes) {
      if (lane.queued === 0 || lane.running >= this.options.perOrigin) continue;
      if (lane.breaker.mayStart(lane.running)) return [origin, lane];
      this.wakeAt(lane);
    }
    return undefined;
  }

  /** An open breaker: look again when its cool-down is over. */
  private wakeAt(lane: Lane): void {
    const at = lane.breaker.retryAt;
    if (lane.retry || at === undefined) return;
    lane.retry = setTimeout(
      () => {
        lane.retry = undefined;
        this.pump();
      },
      Math.max(0, at - this.now()),
    );
    lane.retry.unref();
  }

  private start(origin: string, lane: Lane, { job, done }: Waiting): void {
    this.running++;
    lane.running++;
    const finish = (answered: boolean) => {
      this.running--;
      lane.running--;
      if (answered) lane.breaker.succeeded();
      else if (lane.breaker.failed()) this.options.onBreakerOpen?.(origin);
      // A lane with nothing left and nothing to remember goes (origins of stored endpoints come and go).
      if (lane.queued === 0 && lane.running === 0 && lane.breaker.clean) this.lanes.delete(origin);
      done();
      this.pump();
    };
    job().then(finish, () => finish(false));
  }
}

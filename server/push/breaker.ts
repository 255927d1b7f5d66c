/**
 * A circuit breaker for one push service: after `threshold` pushes in a row failed (an error
 * status, a refused or reset connection, no answer by the deadline), it opens and nothing is sent
 * there for `coolDownMs`; then one push tries (half-open): if it goes through, the breaker closes,
 * if not, it opens for another cool-down. Pushes wait in their queue meanwhile (origin-queue.ts).
 */
export interface BreakerOptions {
  /** Failures in a row that open the breaker. */
  threshold: number;
  /** How long an open breaker sends nothing before one push tries again. */
  coolDownMs: number;
  now?: () => number;
}

export type BreakerState = 'closed' | 'open' | 'half-open';

export class CircuitBreaker {
  private failures = 0;
  /** When the breaker opened; undefined while closed. */
  private openedAt: number | undefined;
  private readonly now: () => number;

  constructor(private readonly options: BreakerOptions) {
    this.now = options.now ?? Date.now;
  }

  get state(): BreakerState {
    if (this.openedAt === undefined) return 'closed';
    return this.now() - this.openedAt >= this.options.coolDownMs ? 'half-open' : 'open';
  }

  /**
   * Whether one more push may start while `running` pushes to this service are on the wire:
   * any number while closed, none while open, one (the trial) once the cool-down is over.
   */
  mayStart(running: number): boolean {
    const state = this.state;
    return state === 'closed' || (state === 'half-open' && running === 0);
  }

  /** When an open breaker lets a trial through (undefined while closed). */
  get retryAt(): number | undefined {
    return this.openedAt === undefined ? undefined : this.openedAt + this.options.coolDownMs;
  }

  /** Closed with no failure to remember: nothing is lost by forgetting it. */
  get clean(): boolean {
    return this.failures === 0 && this.openedAt === undefined;
  }

  /** The push service answered (delivered, or the subscription is gone): closed again. */
  succeeded(): void {
    this.failures = 0;
    this.openedAt = undefined;
  }

  /**
   * A push failed: the threshold-th in a row opens the breaker; a failed trial opens it again.
   * Whether this failure opened it (it was closed or half-open).
   */
  failed(): boolean {
    this.failures++;
    if (this.openedAt === undefined && this.failures < this.options.threshold) return false;
    const opened = this.state !== 'open';
    this.openedAt = this.now();
    return opened;
  }
}

/**
 * How a write on the Redis bus waits for its own messages to come back, and lets go: bounded by
 * `waitMs`, and at once for every write still waiting when the bus finds a gap (see RedisEventBus).
 */

/** Settles with `promise`, or with 'late' after `ms`, whichever comes first. */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(resolve, ms, 'late');
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Messages remembered at most whose events were already delivered here (a repeat is harmless). */
const DELIVERED_HERE_MAX = 10_000;

/**
 * This instance's messages whose events it delivered itself (it stopped waiting for them), by
 * echo id and channel: when one comes back, its events are not delivered twice.
 */
export class DeliveredHere {
  private readonly keys = new Set<string>();

  remember(echo: string, channel: string): void {
    // Their messages may never come back (a subscription that drops them); a repeat is harmless.
    if (this.keys.size >= DELIVERED_HERE_MAX) this.keys.clear();
    this.keys.add(`${echo} ${channel}`);
  }

  /** True (once) if the message of `echo` on `channel` was delivered here already. */
  take(echo: string | undefined, channel: string): boolean {
    return echo !== undefined && this.keys.delete(`${echo} ${channel}`);
  }

  clear(): void {
    this.keys.clear();
  }
}

/** The writes waiting for their echo now: the bus lets them all go at once when it finds a gap. */
export class WaitingWrites {
  private readonly releases = new Set<() => void>();

  /** Settles with 'heard' once `echoed` settles, 'gap' if the bus let every write go first, else 'late' after `ms`. */
  async wait(echoed: Promise<void>, ms: number): Promise<'heard' | 'gap' | 'late'> {
    let release = () => {};
    const released = new Promise<'gap'>((resolve) => {
      release = () => resolve('gap');
    });
    this.releases.add(release);
    try {
      return await within(
        Promise.race([echoed.then(() => 'heard' as const), released]),
        ms,
      );
    } finally {
      this.releases.delete(release);
    }
  }

  releaseAll(): void {
    for (const release of [...this.releases]) release();
  }
}

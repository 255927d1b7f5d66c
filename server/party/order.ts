/**
 * A party's small messages (`answered`, `presence`) in `seq` order on one instance. Each is stored
 * with its own `seq` on whichever instance made it and reaches the others over the bus, so they may
 * come out of order (or, if an instance died between its commit and its publish, never): a message
 * waits here until the one before it has been delivered; a gap not filled within GAP_MS makes the
 * room re-read the party (and send every socket the whole state).
 */
import type { PartyEvent } from '../events/bus.js';
import type { PartyClock } from './time.js';

export type Delta = Extract<PartyEvent, { type: 'answered' | 'presence' }>;

/** How long a later message waits for the one before it. */
export const GAP_MS = 1_000;

export class InOrder {
  private readonly waiting = new Map<number, Delta>();
  private cancelGap: (() => void) | undefined;

  constructor(
    private readonly clock: PartyClock,
    private readonly onGap: () => void,
  ) {}

  /** `delta` has come, the room being at `seq`: the messages to deliver now, in order. */
  take(seq: number, delta: Delta): Delta[] {
    if (delta.seq > seq) this.waiting.set(delta.seq, delta);
    return this.ready(seq);
  }

  /** The room moved to `seq` (a re-read, a stored change): what now follows it, in order. */
  ready(seq: number): Delta[] {
    const ready: Delta[] = [];
    for (const at of this.waiting.keys()) if (at <= seq) this.waiting.delete(at);
    for (let next = this.waiting.get(seq + 1); next; next = this.waiting.get(next.seq + 1)) {
      this.waiting.delete(next.seq);
      ready.push(next);
    }
    this.armGap();
    return ready;
  }

  stop(): void {
    this.waiting.clear();
    this.armGap();
  }

  private armGap(): void {
    if (this.waiting.size === 0) {
      this.cancelGap?.();
      this.cancelGap = undefined;
    } else {
      this.cancelGap ??= this.clock.schedule(this.clock.now() + GAP_MS, () => {
        this.cancelGap = undefined;
        this.onGap();
      });
    }
  }
}

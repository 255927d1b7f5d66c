/**
 * The leases on party clocks (docs/scaling.md, "Party clocks"): every LEASE_TICK_MS this instance
 * renews, in one statement, the lease of every party whose clock it runs, and claims a batch of
 * open parties whose lease ran out (their instance died, or closed and gave them up); then the
 * rooms (parties.ts) start or stop their clocks to match. With SQLite there is one instance: it
 * claims every party and keeps them.
 */
import { LEASE_MS, type PartyRepository } from './repository.js';
import type { PartyClock } from './time.js';

/** How often leases are renewed and expired ones claimed: several times per lease (LEASE_MS). */
export const LEASE_TICK_MS = 1_500;
/**
 * Parties claimed at most per tick (a starting instance takes the rest on the next ticks). An
 * instance runs about a thousand parties (benchmarks.md, "party"): when one dies, a survivor takes
 * all of them on one tick, inside the contract's 10 s, rather than 50 every 1.5 s (15 s for 500).
 */
export const CLAIM_BATCH = 1000;

export interface LeaseOptions {
  repository: PartyRepository;
  clock: PartyClock;
  instance: string;
  /** After each tick: the parties whose lease this instance holds now. */
  held: (partyIds: ReadonlySet<string>) => Promise<void>;
  log: (message: string, error?: unknown) => void;
}

export class ClockLeases {
  private cancel: (() => void) | undefined;
  private stopped = false;
  private ticking: Promise<void> = Promise.resolve();

  constructor(private readonly options: LeaseOptions) {}

  /** The first tick, awaited (a starting server claims what it can before it serves); then one every LEASE_TICK_MS. */
  start(): Promise<void> {
    return this.tick();
  }

  /** Renews and claims now (tests move a fake clock and call this). */
  tick(): Promise<void> {
    this.ticking = this.ticking.then(() => this.renewAndClaim());
    return this.ticking;
  }

  private async renewAndClaim(): Promise<void> {
    if (this.stopped) return;
    const { repository, clock, instance } = this.options;
    const now = clock.now();
    try {
      const renewed = await repository.renewLeases(instance, now + LEASE_MS);
      const claimed = await repository.claimLeases(instance, now, now + LEASE_MS, CLAIM_BATCH);
      if (!this.stopped) await this.options.held(new Set([...renewed, ...claimed]));
    } catch (error) {
      // The database is out of reach: the leases run out, and the clocks' changes are refused.
      this.options.log('renewing party clock leases failed', error);
    }
    if (this.stopped) return;
    this.cancel?.();
    this.cancel = clock.schedule(now + LEASE_TICK_MS, () => void this.tick());
  }

  /** This instance closes: its clocks stop and another instance may claim them at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.cancel?.();
    await this.ticking;
    await this.options.repository
      .releaseLeases(this.options.instance)
      .catch((error) => this.options.log('giving up party clock leases failed', error));
  }
}

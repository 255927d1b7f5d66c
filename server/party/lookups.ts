import { networkOf } from '../http/networks.js';
import { partyErrors } from './errors.js';

/** Failed code look-ups one client network may make per window (successful joins do not count). */
export const CODE_LOOKUPS_ALLOWED = 60;
export const CODE_LOOKUP_WINDOW_MS = 10 * 60_000;
/** Networks remembered at most; past this, those whose window has ended are forgotten first. */
const MAX_TRACKED_NETWORKS = 10_000;

/**
 * Counts wrong party codes per client network (an IPv6 address's /64), as the admin's token
 * tries are counted (admin/auth.ts): 20⁵ codes are too few to let anyone try them all.
 */
export class CodeLookups {
  private readonly failures = new Map<string, { count: number; until: number }>();

  constructor(
    private readonly now: () => number,
    private readonly allowed = CODE_LOOKUPS_ALLOWED,
    private readonly windowMs = CODE_LOOKUP_WINDOW_MS,
  ) {}

  /** Throws 429 while `address` has used up its failed look-ups. */
  refuseIfLimited(address: string): void {
    const network = networkOf(address);
    const entry = this.failures.get(network);
    if (!entry) return;
    const left = entry.until - this.now();
    if (left <= 0) this.failures.delete(network);
    else if (entry.count >= this.allowed) throw partyErrors.tooManyLookups(Math.ceil(left / 60_000));
  }

  failed(address: string): void {
    const network = networkOf(address);
    const entry = this.failures.get(network);
    if (entry && entry.until > this.now()) {
      entry.count += 1;
      return;
    }
    if (this.failures.size >= MAX_TRACKED_NETWORKS) this.forgetEnded();
    this.failures.set(network, { count: 1, until: this.now() + this.windowMs });
  }

  private forgetEnded(): void {
    const now = this.now();
    for (const [network, entry] of this.failures) if (entry.until <= now) this.failures.delete(network);
    // Still full: the oldest go (a Map keeps insertion order).
    for (const network of this.failures.keys()) {
      if (this.failures.size < MAX_TRACKED_NETWORKS) break;
      this.failures.delete(network);
    }
  }
}

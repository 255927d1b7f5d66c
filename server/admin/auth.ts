import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../errors.js';

/** Wrong tokens one client address may try before it must wait (the rest of the window). */
export const ADMIN_FAILURES_ALLOWED = 10;
export const ADMIN_FAILURE_WINDOW_MS = 15 * 60_000;
/** How long a sign-in on the admin page lasts. */
export const ADMIN_SESSION_MS = 12 * 60 * 60_000;
/** Addresses remembered at most; past this, those whose window has ended are forgotten first. */
const MAX_TRACKED_ADDRESSES = 10_000;

export const WRONG_ADMIN_TOKEN = 'The admin token is missing or wrong.';

const digest = (text: string) => createHash('sha256').update(text).digest();

export interface AdminAuthOptions {
  now?: () => number;
  failuresAllowed?: number;
  windowMs?: number;
}

/**
 * The admin's token: checked in constant time (both sides hashed to the same length first), with
 * wrong tries counted per client address, and the page's sessions signed with it (so a session
 * needs no storage, holds across instances, and ends when the token changes).
 */
export class AdminAuth {
  private readonly tokenDigest: Buffer;
  private readonly failures = new Map<string, { count: number; until: number }>();
  private readonly now: () => number;
  private readonly failuresAllowed: number;
  private readonly windowMs: number;

  constructor(
    private readonly token: string,
    options: AdminAuthOptions = {},
  ) {
    this.tokenDigest = digest(token);
    this.now = options.now ?? Date.now;
    this.failuresAllowed = options.failuresAllowed ?? ADMIN_FAILURES_ALLOWED;
    this.windowMs = options.windowMs ?? ADMIN_FAILURE_WINDOW_MS;
  }

  /**
   * Whether `candidate` is the token. Throws 429 while `address` is locked out (even for the right
   * token: a guesser learns nothing during the wait); a wrong token counts against `address`. No
   * token at all (undefined or empty: a tab, a monitor, a bare form) guesses nothing, so it never
   * counts: others on the admin's own network cannot lock the admin out that way.
   */
  verify(candidate: string | undefined, address: string): boolean {
    this.refuseIfLockedOut(address);
    if (candidate === undefined || candidate === '') return false;
    if (timingSafeEqual(digest(candidate), this.tokenDigest)) return true;
    this.countFailure(address);
    return false;
  }

  /** A new session's cookie value: its end and a signature of it. */
  newSession(): string {
    const until = this.now() + ADMIN_SESSION_MS;
    return `${until}.${this.sign(until)}`;
  }

  /** Whether a session cookie's value is one this token signed and has not ended. */
  validSession(value: string | undefined): boolean {
    const match = value === undefined ? null : /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(value);
    if (!match) return false;
    const until = Number(match[1]);
    if (until <= this.now()) return false;
    return timingSafeEqual(Buffer.from(match[2]), Buffer.from(this.sign(until)));
  }

  private sign(until: number): string {
    return createHmac('sha256', this.token).update(`wavelength-admin-session:${until}`).digest('base64url');
  }

  private refuseIfLockedOut(address: string): void {
    const entry = this.failures.get(address);
    if (!entry) return;
    const left = entry.until - this.now();
    if (left <= 0) {
      this.failures.delete(address);
      return;
    }
    if (entry.count >= this.failuresAllowed) {
      const minutes = Math.ceil(left / 60_000);
      throw new HttpError(
        429,
        'too_many_admin_attempts',
        `Too many wrong admin tokens from your network; try again in ${minutes} min.`,
      );
    }
  }

  private countFailure(address: string): void {
    const now = this.now();
    const entry = this.failures.get(address);
    if (entry && entry.until > now) {
      entry.count += 1;
      return;
    }
    if (this.failures.size >= MAX_TRACKED_ADDRESSES) this.forgetEnded(now);
    this.failures.set(address, { count: 1, until: now + this.windowMs });
  }

  private forgetEnded(now: number): void {
    for (const [address, entry] of this.failures) if (entry.until <= now) this.failures.delete(address);
    // Still full (a flood from many addresses): the oldest entry makes room.
    if (this.failures.size >= MAX_TRACKED_ADDRESSES) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
  }
}

/** "3 of 5 answered" is said at most this often (a screen reader hears milestones, not every tap). */
export const COUNT_EVERY_MS = 5000;
/** After a milestone, a count waits this long, so that it does not cut the milestone off. */
export const AFTER_MILESTONE_MS = 1500;
/** "10 seconds left" is said once per round, this long before the deadline. */
export const WARN_BEFORE_MS = 10_000;

/**
 * What a phone's screen reader hears, in order and rationed: a milestone (round start, 10 s left,
 * answered, time's up) at once; the answered count at most every COUNT_EVERY_MS and never right
 * over a milestone, its latest value when its turn comes. No React here: PartyAnnouncer feeds it.
 */
export class Announcements {
  #lastCount = Number.NEGATIVE_INFINITY;
  #lastAny = Number.NEGATIVE_INFINITY;
  #pending: string | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly say: (text: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  milestone(text: string): void {
    this.#lastAny = this.now();
    this.say(text);
  }

  /** The latest count; said now if its turn has come, else when it does (only the latest then). */
  count(text: string): void {
    this.#pending = text;
    if (this.#timer !== undefined) return;
    const wait = Math.max(this.#lastCount + COUNT_EVERY_MS, this.#lastAny + AFTER_MILESTONE_MS) - this.now();
    if (wait <= 0) this.#flush();
    else this.#timer = setTimeout(() => this.#flush(), wait);
  }

  /** A count not yet said is stale once the phase changes. */
  dropCount(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#pending = null;
  }

  #flush(): void {
    this.#timer = undefined;
    if (this.#pending === null) return;
    this.#lastCount = this.#lastAny = this.now();
    this.say(this.#pending);
    this.#pending = null;
  }
}

/**
 * Who is connected to a party, worked out by the clock's instance (docs/scaling.md, "Party
 * clocks"): a player is connected while one of their sockets is open on any instance. Each
 * instance says which players it has sockets of (`here` on the bus) when that changes and every
 * HERE_BEAT_MS; a report not renewed within HERE_TTL_MS is dropped, so a dead instance's sockets
 * count as gone within it.
 */

/** How often an instance says which of a party's players it has sockets of: at each lease tick (lease.ts LEASE_TICK_MS). */
export const HERE_BEAT_MS = 1_500;
/** A report older than this is from an instance that is gone (it said so every HERE_BEAT_MS). */
export const HERE_TTL_MS = 8_000;

export class PresenceTally {
  private readonly reports = new Map<string, { playerIDs: ReadonlySet<string>; until: number }>();

  /**
   * From who was stored as connected: kept until every live instance has had time to say what it
   * holds (a clock that has just taken over must not first mark everyone gone).
   */
  constructor(stored: Record<string, number>, now: number) {
    this.reports.set('', { playerIDs: new Set(Object.keys(stored)), until: now + HERE_BEAT_MS * 2 + 1_000 });
  }

  report(instance: string, playerIDs: readonly string[], now: number): void {
    this.reports.set(instance, { playerIDs: new Set(playerIDs), until: now + HERE_TTL_MS });
  }

  /**
   * Whether the set can change without a socket of this instance opening or closing: while any
   * report is kept (another instance's, or the stored set after a take-over), one may run out. A
   * lone instance has none once the stored set has: its lease ticks need not tally.
   */
  get hasReports(): boolean {
    return this.reports.size > 0;
  }

  /** The party-wide set: this instance's players and every report still fresh. */
  connected(local: ReadonlySet<string>, now: number): Set<string> {
    const connected = new Set(local);
    for (const [instance, { playerIDs, until }] of this.reports) {
      if (until < now) this.reports.delete(instance);
      else for (const playerID of playerIDs) connected.add(playerID);
    }
    return connected;
  }
}

/** The players whose presence changes from `stored` to `connected`, in a stable order. */
export function presenceChanges(
  stored: Record<string, number>,
  connected: ReadonlySet<string>,
): { playerID: string; connected: boolean }[] {
  const gone = Object.keys(stored)
    .filter((playerID) => !connected.has(playerID))
    .map((playerID) => ({ playerID, connected: false }));
  const come = [...connected]
    .filter((playerID) => !(playerID in stored))
    .map((playerID) => ({ playerID, connected: true }));
  return [...come, ...gone];
}

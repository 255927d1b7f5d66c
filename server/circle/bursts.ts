/** A burst: more than BURST_PLAYS plays of one game from one network within BURST_WINDOW_MS. */
export const BURST_PLAYS = 5;
export const BURST_WINDOW_MS = 10 * 60 * 1000;

/** One stored play's network (a hash) and when it was stored (ms since the epoch). */
export interface NetworkPlay {
  network: string;
  publicId: string;
  createdAt: number;
}

/**
 * The plays that belong to a burst: for each network, every play inside some window of
 * BURST_WINDOW_MS holding more than BURST_PLAYS of that network's plays. Removed plays count (the
 * burst happened) and are left out by the reader, whose scoreboard no longer has them.
 */
export function burstPlays(plays: readonly NetworkPlay[]): Set<string> {
  const byNetwork = new Map<string, NetworkPlay[]>();
  for (const play of plays) {
    const list = byNetwork.get(play.network);
    if (list) list.push(play);
    else byNetwork.set(play.network, [play]);
  }
  const flagged = new Set<string>();
  for (const list of byNetwork.values()) {
    if (list.length <= BURST_PLAYS) continue;
    list.sort((p, q) => p.createdAt - q.createdAt);
    // Two pointers: the window [start, end] of plays within BURST_WINDOW_MS of the play at `start`.
    let end = 0;
    for (let start = 0; start < list.length; start++) {
      if (end < start) end = start;
      while (end + 1 < list.length && list[end + 1].createdAt - list[start].createdAt <= BURST_WINDOW_MS) end += 1;
      if (end - start + 1 > BURST_PLAYS) for (let k = start; k <= end; k++) flagged.add(list[k].publicId);
    }
  }
  return flagged;
}

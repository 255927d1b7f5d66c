import type { Player } from '../../shared/api.js';

export type ScoreListener = (player: Player) => void;

/**
 * Carries "a friend's score was logged" from the code that commits it to whoever watches that
 * game. Routes depend on this interface only, so a bus that spans several server instances
 * (Redis pub/sub, Postgres LISTEN/NOTIFY) can replace the in-process one without touching them.
 */
export interface ScoreBus {
  publish(gameId: string, player: Player): void;
  /** Returns the function that unsubscribes. */
  subscribe(gameId: string, listener: ScoreListener): () => void;
}

/** The bus for a single server process. */
export class InProcessScoreBus implements ScoreBus {
  private readonly listeners = new Map<string, Set<ScoreListener>>();

  publish(gameId: string, player: Player): void {
    for (const listener of this.listeners.get(gameId) ?? []) listener(player);
  }

  subscribe(gameId: string, listener: ScoreListener): () => void {
    let set = this.listeners.get(gameId);
    if (!set) {
      set = new Set();
      this.listeners.set(gameId, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(gameId);
      current?.delete(listener);
      if (current?.size === 0) this.listeners.delete(gameId);
    };
  }
}

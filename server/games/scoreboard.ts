import type { Player } from '../../shared/api.js';
import { scoreboardPosition } from '../../shared/scoreboard.js';
import type { GameEvent } from '../events/bus.js';

/** One scoreboard row and its JSON, serialized once. */
interface Row {
  player: Player;
  json: string;
}

/**
 * A game's scoreboard as the repository would list it, in the scoreboard's order
 * (shared/scoreboard.ts), with its JSON kept until the next change.
 */
export class Scoreboard {
  readonly #rows: Row[] = [];
  #players: string | undefined;
  #reply: string | undefined;
  #snapshot: string | undefined;

  constructor(players: readonly Player[] = []) {
    for (const player of players) this.#rows.push(row(player));
  }

  get players(): Player[] {
    return this.#rows.map((r) => r.player);
  }

  /** The get-all-players reply, `{"players":[…]}`. */
  get reply(): string {
    this.#reply ??= `{"players":${this.#playersJson()}}`;
    return this.#reply;
  }

  /** The live snapshot message, `{"type":"snapshot","players":[…]}`. */
  get snapshot(): string {
    this.#snapshot ??= `{"type":"snapshot","players":${this.#playersJson()}}`;
    return this.#snapshot;
  }

  /** A new friend goes after every friend with the same or a higher score (they are the latest). Idempotent. */
  add(player: Player): void {
    if (this.#rows.some((r) => r.player.playerID === player.playerID)) return;
    this.#rows.splice(
      scoreboardPosition(this.#rows, player.score, (r) => r.player.score),
      0,
      row(player),
    );
    this.#changed();
  }

  /** Idempotent. */
  remove(playerID: string): void {
    const at = this.#rows.findIndex((r) => r.player.playerID === playerID);
    if (at === -1) return;
    this.#rows.splice(at, 1);
    this.#changed();
  }

  #playersJson(): string {
    this.#players ??= `[${this.#rows.map((r) => r.json).join(',')}]`;
    return this.#players;
  }

  #changed(): void {
    this.#players = undefined;
    this.#reply = undefined;
    this.#snapshot = undefined;
  }
}

/** Fixed key order, as the reply schema and the live messages write it. */
function row(player: Player): Row {
  const clean = { playerID: player.playerID, playerName: player.playerName, score: player.score };
  return { player: clean, json: JSON.stringify(clean) };
}

/** A scoreboard event (`player`, `removed`) applied to the board; other events do not change it. Idempotent. */
export function applyTo(board: Scoreboard, event: GameEvent): void {
  if (event.type === 'player') board.add(event.player);
  else if (event.type === 'removed') board.remove(event.playerID);
}

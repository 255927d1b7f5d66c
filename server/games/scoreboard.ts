import type { Player } from '../../shared/api.js';
import { PLAYING_FADES_AFTER_MS, type Playing } from '../../shared/live.js';
import { scoreboardPosition } from '../../shared/scoreboard.js';
import type { GameEvent } from '../events/bus.js';

/** One scoreboard row and its JSON, serialized once. */
interface Row {
  player: Player;
  json: string;
}

/** A friend playing round by round, with when their latest round arrived and its JSON. */
interface PlayingRow {
  player: Playing;
  at: number;
  json: string;
}

/**
 * A game's scoreboard as the repository would list it, in the scoreboard's order
 * (shared/scoreboard.ts), with its JSON kept until the next change; and the friends playing now
 * (presence, for the live snapshot only), in the order they began.
 */
export class Scoreboard {
  readonly #rows: Row[] = [];
  readonly #playing = new Map<string, PlayingRow>();
  #playingJson: string | undefined;
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

  /** Whether this friend is on the board (has finished). */
  has(playerID: string): boolean {
    return this.#rows.some((r) => r.player.playerID === playerID);
  }

  /** The live snapshot message, `{"type":"snapshot","players":[…],"playing":[…]}`. */
  get snapshot(): string {
    this.#fade(Date.now());
    this.#playingJson ??= `[${[...this.#playing.values()].map((p) => p.json).join(',')}]`;
    this.#snapshot ??= `{"type":"snapshot","players":${this.#playersJson()},"playing":${this.#playingJson}}`;
    return this.#snapshot;
  }

  /** The friends playing now (latest round under PLAYING_FADES_AFTER_MS old), in the order they began. */
  get playing(): Playing[] {
    this.#fade(Date.now());
    return [...this.#playing.values()].map((p) => p.player);
  }

  /**
   * A friend's latest stored round (`at`: when, ms since the epoch). Ignored for a friend on the
   * board (they have finished) and for a round older than the one already known. Idempotent.
   */
  setPlaying(player: Playing, at: number): void {
    const id = player.playerID;
    if (this.has(id)) return;
    const known = this.#playing.get(id);
    if (known && known.player.round >= player.round) return;
    const clean = { playerID: id, playerName: player.playerName, round: player.round, rounds: player.rounds };
    // A friend keeps their place (Map order: when they began).
    this.#playing.set(id, { player: clean, at: Math.max(at, known?.at ?? at), json: JSON.stringify(clean) });
    this.#playingChanged();
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
    // Finished: no longer playing.
    if (this.#playing.delete(player.playerID)) this.#playingChanged();
  }

  /** Idempotent. */
  remove(playerID: string): void {
    if (this.#playing.delete(playerID)) this.#playingChanged();
    const at = this.#rows.findIndex((r) => r.player.playerID === playerID);
    if (at === -1) return;
    this.#rows.splice(at, 1);
    this.#changed();
  }

  #playersJson(): string {
    this.#players ??= `[${this.#rows.map((r) => r.json).join(',')}]`;
    return this.#players;
  }

  /** Friends whose latest round is PLAYING_FADES_AFTER_MS old or more are no longer playing. */
  #fade(now: number): void {
    for (const [id, playing] of this.#playing) {
      if (now - playing.at >= PLAYING_FADES_AFTER_MS) {
        this.#playing.delete(id);
        this.#playingChanged();
      }
    }
  }

  #playingChanged(): void {
    this.#playingJson = undefined;
    this.#snapshot = undefined;
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

/**
 * A scoreboard event (`player`, `playing`, `removed`) applied to the board; other events do not
 * change it. Idempotent. A `playing` event counts from `now` (when it arrived here).
 */
export function applyTo(board: Scoreboard, event: GameEvent, now = Date.now()): void {
  if (event.type === 'player') board.add(event.player);
  else if (event.type === 'playing') board.setPlaying(event.player, now);
  else if (event.type === 'removed') board.remove(event.playerID);
}

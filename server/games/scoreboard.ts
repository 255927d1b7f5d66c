import type { Player } from '../../shared/api.js';
import { PLAYING_FADES_AFTER_MS, PLAYING_SHOWN, type Playing } from '../../shared/live.js';
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
 * (presence, for the live snapshot only): the PLAYING_SHOWN whose latest round is the most recent,
 * in the order they began, and how many more (`morePlaying`). Only the shown ones are kept, so a
 * game with thousands of throw-away plays costs no more memory, and no bigger snapshot, than one
 * with 50.
 *
 * The count of the others is as read (listPlaying) and then kept by events: a friend's first round
 * is a new friend; a later round of one not shown is one of the others coming into view; the
 * least recent shown friend makes room and is counted instead. Every friend counted is less recent
 * than every one shown, so once a shown friend fades, the others have faded too. A friend among
 * the others who finishes is still counted until then (a `player` message does not say whether
 * they played round by round): "and N more" is at most a few too many, never too few shown.
 */
export class Scoreboard {
  readonly #rows: Row[] = [];
  readonly #playing = new Map<string, PlayingRow>();
  #morePlaying = 0;
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

  /**
   * The live snapshot message, `{"type":"snapshot","players":[…],"playing":[…]}`, with
   * `"morePlaying":N` after it when more friends are playing than it lists.
   */
  get snapshot(): string {
    this.#fade(Date.now());
    if (this.#playingJson === undefined) {
      const more = this.#morePlaying > 0 ? `,"morePlaying":${this.#morePlaying}` : '';
      this.#playingJson = `[${[...this.#playing.values()].map((p) => p.json).join(',')}]${more}`;
    }
    this.#snapshot ??= `{"type":"snapshot","players":${this.#playersJson()},"playing":${this.#playingJson}}`;
    return this.#snapshot;
  }

  /** The friends playing now (latest round under PLAYING_FADES_AFTER_MS old) the snapshot lists, in the order they began. */
  get playing(): Playing[] {
    this.#fade(Date.now());
    return [...this.#playing.values()].map((p) => p.player);
  }

  /** How many more friends are playing than `playing` lists. */
  get morePlaying(): number {
    this.#fade(Date.now());
    return this.#morePlaying;
  }

  /** Friends playing beyond those set (listPlaying's `more`, when the board is read). */
  addMorePlaying(count: number): void {
    if (count <= 0) return;
    this.#morePlaying += count;
    this.#playingChanged();
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
    // Not their first round and not shown: one of the others comes into view.
    if (!known && player.round > 1 && this.#morePlaying > 0) this.#morePlaying -= 1;
    const clean = { playerID: id, playerName: player.playerName, round: player.round, rounds: player.rounds };
    // A friend keeps their place (Map order: when they began).
    this.#playing.set(id, { player: clean, at: Math.max(at, known?.at ?? at), json: JSON.stringify(clean) });
    if (this.#playing.size > PLAYING_SHOWN) this.#hideLeastRecent();
    this.#playingChanged();
  }

  /** The shown friend whose latest round is the oldest is counted among the others instead. */
  #hideLeastRecent(): void {
    let oldest: string | undefined;
    let oldestAt = Number.POSITIVE_INFINITY;
    for (const [id, playing] of this.#playing) {
      if (playing.at < oldestAt) {
        oldest = id;
        oldestAt = playing.at;
      }
    }
    if (oldest === undefined) return;
    this.#playing.delete(oldest);
    this.#morePlaying += 1;
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

  /** Idempotent, but for the count of friends playing beyond those shown (see the class). */
  remove(playerID: string): void {
    const shown = this.#playing.delete(playerID);
    if (shown) this.#playingChanged();
    const at = this.#rows.findIndex((r) => r.player.playerID === playerID);
    if (at === -1) {
      // Neither on the board nor shown playing: most likely one of the others (an unfinished play removed).
      if (!shown && this.#morePlaying > 0) {
        this.#morePlaying -= 1;
        this.#playingChanged();
      }
      return;
    }
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
        // The others are less recent than every shown friend: they have faded too.
        this.#morePlaying = 0;
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

import type { Player } from '../../../shared/api.js';
import {
  insertPlayer,
  LIVE_CLOSE_UNKNOWN_GAME,
  LIVE_PATH_PREFIX,
  type LiveMessage,
  type LiveMessageType,
  PLAYING_FADES_AFTER_MS,
  type Playing,
} from '../../../shared/live.js';
import { getAllPlayers, REQUEST_FAILED } from '../../api/calls.js';
import { ApiError } from '../../api/http.js';
import { type Failure, failureOf } from '../../i18n/failure.js';

const RECONNECT_BASE_MS = 500;
const RECONNECT_MAX_MS = 10_000;

export interface LiveScoreboard {
  /** Friends of the game, highest score first. */
  players: Player[];
  /** Friends playing now, round by round (not finished; faded after 10 minutes without a round). */
  playing: Playing[];
  /** How many more friends are playing than `playing` lists (the snapshot lists the 50 latest). */
  morePlaying: number;
  /** True while the live socket is open. */
  connected: boolean;
  /** True once a first list (snapshot) has arrived. */
  loaded: boolean;
  /** True when the game does not exist: the connection has stopped trying. */
  gone: boolean;
  /** The last failure, kept for debugging; screens show the empty list instead. */
  error?: Failure;
  /** Games friends made back for the creator while this screen was open (get-replies has the earlier ones). */
  replies: { playerID: string; gameId: string }[];
  /** Friends who left the creator a note while this screen was open (its text: get-notes). */
  notes: string[];
}

export const INITIAL_SCOREBOARD: LiveScoreboard = {
  players: [],
  playing: [],
  morePlaying: 0,
  connected: false,
  loaded: false,
  gone: false,
  replies: [],
  notes: [],
};

/** How often faded friends are looked for. */
const FADE_CHECK_MS = 30_000;

function isPlaying(value: unknown): value is Playing {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (
    typeof p.playerID === 'string' &&
    typeof p.playerName === 'string' &&
    typeof p.round === 'number' &&
    typeof p.rounds === 'number'
  );
}

/**
 * A friend's latest round in the list (their place kept), unless they are on the board already. A
 * later round of a friend not listed is one of the `morePlaying` coming into view (as the server counts).
 */
function withPlaying(state: LiveScoreboard, player: Playing): Partial<LiveScoreboard> {
  if (state.players.some((p) => p.playerID === player.playerID)) return {};
  const at = state.playing.findIndex((p) => p.playerID === player.playerID);
  if (at === -1) {
    const morePlaying = player.round > 1 && state.morePlaying > 0 ? state.morePlaying - 1 : state.morePlaying;
    return { playing: [...state.playing, player], morePlaying };
  }
  if (state.playing[at].round >= player.round) return {};
  return { playing: state.playing.map((p, i) => (i === at ? player : p)) };
}

const withoutPlaying = (playing: Playing[], playerID: string) => playing.filter((p) => p.playerID !== playerID);

/** 0.5 s doubling up to 10 s, ±25 % so that a restarted server is not hit by every phone at once. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.min(RECONNECT_MAX_MS, Math.round(base * (0.75 + random() * 0.5)));
}

/**
 * The live channel's address; with `userId` (this browser's private id, on the creator's screens)
 * the server tells the socket what only the game's creators hear (`reply`) if it is theirs.
 */
export function liveUrl(
  gameId: string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
  userId?: string | null,
): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const query = userId ? `?userId=${encodeURIComponent(userId)}` : '';
  return `${scheme}://${location.host}${LIVE_PATH_PREFIX}${encodeURIComponent(gameId)}${query}`;
}

function isPlayer(value: unknown): value is Player {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return typeof p.playerID === 'string' && typeof p.playerName === 'string' && typeof p.score === 'number';
}

/** The server is trusted, but a malformed frame must not break the screen. */
function parseLiveMessage(data: unknown): LiveMessage | null {
  if (typeof data !== 'string') return null;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null) return null;
  const m = message as Record<string, unknown>;
  // A type this client does not know yet (or a party's): ignored.
  if (typeof m.type !== 'string' || !Object.hasOwn(GUARDS, m.type)) return null;
  return GUARDS[m.type as LiveMessageType](m);
}

/** One guard per type of a game's channel in shared/live.ts LIVE_MESSAGE_TYPES: a type without one fails to compile. */
const GUARDS: { [K in LiveMessageType]: (m: Record<string, unknown>) => Extract<LiveMessage, { type: K }> | null } = {
  snapshot: (m) => {
    if (!(Array.isArray(m.players) && m.players.every(isPlayer))) return null;
    // A server from before presence sends no `playing`.
    const playing = Array.isArray(m.playing) ? m.playing.filter(isPlaying) : [];
    // Only when more are playing than it lists (and never from a server from before the cap).
    const morePlaying = typeof m.morePlaying === 'number' && m.morePlaying > 0 ? m.morePlaying : 0;
    return { type: 'snapshot', players: m.players, playing, morePlaying };
  },
  playing: (m) => (isPlaying(m.player) ? { type: 'playing', player: m.player } : null),
  player: (m) => (isPlayer(m.player) ? { type: 'player', player: m.player } : null),
  removed: (m) => (typeof m.playerID === 'string' ? { type: 'removed', playerID: m.playerID } : null),
  deleted: () => ({ type: 'deleted' }),
  reply: (m) =>
    typeof m.playerID === 'string' && typeof m.gameId === 'string'
      ? { type: 'reply', playerID: m.playerID, gameId: m.gameId }
      : null,
  note: (m) => (typeof m.playerID === 'string' ? { type: 'note', playerID: m.playerID } : null),
};

/**
 * One game's friends' scores, kept up to date over the live channel, with no framework: `start`
 * connects, every change of the list or of the connection is handed to `onChange`, `stop` ends it
 * (useLiveScoreboard.ts is the React hook around it). Reconnects with backoff; every new
 * connection starts with a fresh snapshot that replaces the list, so nothing missed while away is
 * lost. Stops for good when the game does not exist (close code 4404, or an upgrade refused with
 * 404, which a browser can only learn by asking the API). Back online or back in front of the
 * user, it retries at once instead of waiting out the backoff.
 */
export class LiveScoreboardConnection {
  #state: LiveScoreboard = INITIAL_SCOREBOARD;
  #stopped = false;
  #socket: WebSocket | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #attempt = 0;
  readonly #probe = new AbortController();
  readonly #retryNow = () => this.retryNow();
  /** When each playing friend was last heard of: they fade 10 minutes after. */
  readonly #heard = new Map<string, number>();
  #fade: ReturnType<typeof setInterval> | undefined;

  /** `userId`: this browser's private id, sent where its creator may be watching (see liveUrl). */
  constructor(
    readonly gameId: string,
    private readonly onChange: (state: LiveScoreboard) => void,
    private readonly userId?: string | null,
  ) {}

  get state(): LiveScoreboard {
    return this.#state;
  }

  start(): void {
    window.addEventListener('online', this.#retryNow);
    document.addEventListener('visibilitychange', this.#retryNow);
    this.#fade = setInterval(() => this.#fadeOut(), FADE_CHECK_MS);
    this.#connect();
  }

  /** Closes the socket and stops retrying; nothing changes after this. */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    clearInterval(this.#fade);
    this.#probe.abort();
    window.removeEventListener('online', this.#retryNow);
    document.removeEventListener('visibilitychange', this.#retryNow);
    const open = this.#socket;
    this.#socket = null;
    open?.close(1000);
  }

  /** Connects now if waiting to retry (and the page is visible). */
  retryNow(): void {
    if (this.#stopped || this.#socket !== null || this.#timer === undefined || document.visibilityState === 'hidden')
      return;
    clearTimeout(this.#timer);
    this.#attempt = 0;
    this.#connect();
  }

  #update(change: Partial<LiveScoreboard>): void {
    this.#state = { ...this.#state, ...change };
    this.onChange(this.#state);
  }

  #fadeOut(): void {
    const now = Date.now();
    const faded = [...this.#heard].filter(([, at]) => now - at >= PLAYING_FADES_AFTER_MS).map(([id]) => id);
    if (faded.length === 0) return;
    for (const id of faded) this.#heard.delete(id);
    // The others the server counted are less recent than every listed friend: faded too.
    this.#update({ playing: this.#state.playing.filter((p) => !faded.includes(p.playerID)), morePlaying: 0 });
  }

  #giveUp(): void {
    this.#stopped = true;
    this.#update({ connected: false, loaded: true, gone: true });
  }

  #schedule(): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#connect(), reconnectDelay(this.#attempt));
    this.#attempt += 1;
  }

  async #checkGame(): Promise<void> {
    try {
      const { players } = await getAllPlayers(this.gameId, this.#probe.signal);
      if (this.#stopped) return;
      this.#update({ players, loaded: true });
    } catch (error) {
      if (this.#stopped) return;
      if (error instanceof ApiError && error.status === 404) return this.#giveUp();
      this.#update({ loaded: true, error: failureOf(error, REQUEST_FAILED) });
    }
    this.#schedule();
  }

  #connect(): void {
    this.#timer = undefined;
    if (this.#stopped) return;
    const ws = new WebSocket(liveUrl(this.gameId, window.location, this.userId));
    let opened = false;
    this.#socket = ws;
    ws.onopen = () => {
      opened = true;
      this.#update({ connected: true });
    };
    ws.onmessage = (event: MessageEvent) => {
      const message = parseLiveMessage(event.data);
      if (!message || this.#stopped) return;
      switch (message.type) {
        case 'snapshot': {
          this.#attempt = 0;
          this.#heard.clear();
          const now = Date.now();
          for (const p of message.playing) this.#heard.set(p.playerID, now);
          this.#update({
            players: message.players,
            playing: message.playing,
            morePlaying: message.morePlaying ?? 0,
            loaded: true,
            error: undefined,
          });
          break;
        }
        case 'playing':
          this.#heard.set(message.player.playerID, Date.now());
          this.#update(withPlaying(this.#state, message.player));
          break;
        case 'player':
          this.#heard.delete(message.player.playerID);
          this.#update({
            players: insertPlayer(this.#state.players, message.player),
            playing: withoutPlaying(this.#state.playing, message.player.playerID),
          });
          break;
        case 'removed': {
          this.#heard.delete(message.playerID);
          const { players, playing, morePlaying } = this.#state;
          const known =
            players.some((p) => p.playerID === message.playerID) ||
            playing.some((p) => p.playerID === message.playerID);
          this.#update({
            players: players.filter((p) => p.playerID !== message.playerID),
            playing: withoutPlaying(playing, message.playerID),
            // Neither listed: most likely one of the others (an unfinished play removed).
            morePlaying: known || morePlaying === 0 ? morePlaying : morePlaying - 1,
          });
          break;
        }
        case 'deleted':
          // The server closes the socket with LIVE_CLOSE_UNKNOWN_GAME next, which stops the connection.
          this.#update({ players: [], playing: [], morePlaying: 0 });
          break;
        case 'reply': {
          const { playerID, gameId } = message;
          if (!this.#state.replies.some((r) => r.gameId === gameId)) {
            this.#update({ replies: [...this.#state.replies, { playerID, gameId }] });
          }
          break;
        }
        case 'note':
          // Heard once per friend: the screen reads the note itself (get-notes), never from here.
          if (!this.#state.notes.includes(message.playerID)) {
            this.#update({ notes: [...this.#state.notes, message.playerID] });
          }
          break;
        default:
          // A message type in shared/live.ts that this screen does not handle fails to compile here.
          message satisfies never;
      }
    };
    ws.onclose = (event: CloseEvent) => {
      if (this.#socket !== ws) return;
      this.#socket = null;
      if (this.#stopped) return;
      if (this.#state.connected) this.#update({ connected: false });
      if (event.code === LIVE_CLOSE_UNKNOWN_GAME) return this.#giveUp();
      if (opened) this.#schedule();
      else void this.#checkGame();
    };
  }
}

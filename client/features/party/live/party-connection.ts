import { API_PREFIX } from '../../../../shared/api-prefix.js';
import {
  PARTY_CLOSE_KICKED,
  PARTY_CLOSE_UNKNOWN,
  type PartyClientMessage,
  type PartyLiveMessage,
  type PartyMe,
  type PartyState,
} from '../../../../shared/party.js';
import { ApiError } from '../../../api/http.js';
import { getParty } from '../../../api/party.js';
import { reconnectDelay } from '../../scoreboard/live-connection.js';

/** A party as one screen sees it, kept up to date over `/prod/party-live/{partyId}`. */
export interface PartyLive {
  /** The latest state; null until the first `party` message. */
  state: PartyState | null;
  /** This phone's seat (a player's screen, after its hello); null on a shared screen. */
  me: PartyMe | null;
  /** This phone's answer of the current round (kept across reloads by the server's `me`). */
  myAnswer: number | null;
  /**
   * When the current phase ends, on this device's clock (`Date.now()` ms); null without a
   * deadline. It only moves later at a phase change (a shown countdown never goes up).
   */
  deadline: number | null;
  /** True while the socket is open. */
  connected: boolean;
  /** The party does not exist (or is gone): the connection stopped. */
  gone: boolean;
  /** This player was removed by the host: the connection stopped. */
  kicked: boolean;
}

export const INITIAL_PARTY_LIVE: PartyLive = {
  state: null,
  me: null,
  myAnswer: null,
  deadline: null,
  connected: false,
  gone: false,
  kicked: false,
};

export function partyLiveUrl(partyId: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${API_PREFIX}/party-live/${encodeURIComponent(partyId)}`;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The server is trusted, but a malformed frame must not break the screen. */
export function parsePartyMessage(data: unknown): PartyLiveMessage | null {
  if (typeof data !== 'string') return null;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isObject(message) || typeof message.seq !== 'number') return null;
  switch (message.type) {
    case 'party':
      return typeof message.phase === 'string' && Array.isArray(message.players)
        ? (message as unknown as PartyLiveMessage)
        : null;
    case 'answered':
      return typeof message.playerID === 'string' ? (message as unknown as PartyLiveMessage) : null;
    case 'presence':
      return typeof message.playerID === 'string' && typeof message.connected === 'boolean'
        ? (message as unknown as PartyLiveMessage)
        : null;
    default:
      return null;
  }
}

/**
 * The next view after a whole state: the deadline restarts only at a phase change (or a new
 * round), so that a countdown never goes up; the own answer carries over within a round.
 */
export function withState(
  live: PartyLive,
  state: PartyState,
  me: PartyMe | undefined,
  now: number,
): Pick<PartyLive, 'state' | 'me' | 'myAnswer' | 'deadline'> {
  const before = live.state;
  const samePhase = before !== null && before.phase === state.phase && before.round === state.round;
  const fresh = state.closesInMs === null ? null : now + state.closesInMs;
  const deadline = samePhase && live.deadline !== null && fresh !== null ? Math.min(live.deadline, fresh) : fresh;
  const sameRound = before !== null && before.round === state.round && before.partyId === state.partyId;
  const myAnswer = me !== undefined ? me.answer : sameRound ? live.myAnswer : null;
  return { state, me: me ?? live.me, myAnswer, deadline };
}

/**
 * One party's live view, with no framework (usePartyLive.ts is the React hook around it). Each
 * message carries the party's `seq`; a small one that skips a number asks for the whole state
 * (`sync`). Reconnects with jittered backoff, and at once when the page comes back into view or
 * the network comes back; every new socket starts with the whole state, so nothing is lost.
 */
export class PartyConnection {
  #live: PartyLive = INITIAL_PARTY_LIVE;
  #seq = -1;
  #stopped = false;
  #socket: WebSocket | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #attempt = 0;
  readonly #probe = new AbortController();
  readonly #onVisible = () => this.#comeBack();

  /** `userId`: this phone's private id (a player's screen); undefined for a shared screen. */
  constructor(
    readonly partyId: string,
    private readonly onChange: (live: PartyLive) => void,
    private readonly userId: string | undefined,
    private lang: string | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  get live(): PartyLive {
    return this.#live;
  }

  start(): void {
    window.addEventListener('online', this.#onVisible);
    document.addEventListener('visibilitychange', this.#onVisible);
    this.#connect();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#probe.abort();
    window.removeEventListener('online', this.#onVisible);
    document.removeEventListener('visibilitychange', this.#onVisible);
    const open = this.#socket;
    this.#socket = null;
    open?.close(1000);
  }

  /**
   * This phone answered `round` (the server acknowledged it). A reply that comes after its round
   * has gone changes nothing: the next round's answer is not this one.
   */
  answered(answer: number, round: number): void {
    if (this.#live.state?.round !== round) return;
    this.#update({ myAnswer: answer });
  }

  /** The reader chose another language: the state comes again in it. */
  setLanguage(lang: string | undefined): void {
    if (lang === this.lang) return;
    this.lang = lang;
    this.#send({ type: 'hello', ...(this.userId !== undefined && { userId: this.userId }), lang });
  }

  #update(change: Partial<PartyLive>): void {
    this.#live = { ...this.#live, ...change };
    this.onChange(this.#live);
  }

  #send(message: PartyClientMessage): void {
    if (this.#socket?.readyState === WebSocket.OPEN) this.#socket.send(JSON.stringify(message));
  }

  /** Back in view or back online: connect now if waiting, else make sure nothing was missed asleep. */
  #comeBack(): void {
    if (this.#stopped || document.visibilityState === 'hidden') return;
    if (this.#socket !== null) {
      this.#send({ type: 'sync' });
      return;
    }
    if (this.#timer === undefined) return;
    clearTimeout(this.#timer);
    this.#attempt = 0;
    this.#connect();
  }

  #schedule(): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#connect(), reconnectDelay(this.#attempt));
    this.#attempt += 1;
  }

  #stop(change: Partial<PartyLive>): void {
    this.#stopped = true;
    this.#update({ ...change, connected: false });
  }

  /** A socket that never opened: is the party there at all (a browser cannot read the upgrade's 404)? */
  async #checkParty(): Promise<void> {
    try {
      await getParty(this.partyId, undefined, undefined, this.#probe.signal);
    } catch (error) {
      if (this.#stopped) return;
      if (error instanceof ApiError && error.status === 404) return this.#stop({ gone: true });
    }
    this.#schedule();
  }

  #receive(message: PartyLiveMessage): void {
    if (message.type === 'party') {
      this.#seq = message.seq;
      this.#attempt = 0;
      const { type: _type, seq: _seq, me, ...state } = message;
      this.#update(withState(this.#live, state, me, this.now()));
      return;
    }
    if (message.seq <= this.#seq) return;
    if (message.seq !== this.#seq + 1 || this.#live.state === null) {
      this.#send({ type: 'sync' });
      return;
    }
    this.#seq = message.seq;
    const { state } = this.#live;
    const players = state.players.map((player) => {
      if (player.playerID !== message.playerID) return player;
      return message.type === 'answered' ? { ...player, answered: true } : { ...player, connected: message.connected };
    });
    this.#update({ state: { ...state, players } });
  }

  #connect(): void {
    this.#timer = undefined;
    if (this.#stopped) return;
    const ws = new WebSocket(partyLiveUrl(this.partyId));
    let opened = false;
    this.#socket = ws;
    ws.onopen = () => {
      opened = true;
      this.#update({ connected: true });
      this.#send({ type: 'hello', ...(this.userId !== undefined && { userId: this.userId }), lang: this.lang });
    };
    ws.onmessage = (event: MessageEvent) => {
      const message = parsePartyMessage(event.data);
      if (message && !this.#stopped) this.#receive(message);
    };
    ws.onclose = (event: CloseEvent) => {
      if (this.#socket !== ws) return;
      this.#socket = null;
      if (this.#stopped) return;
      if (this.#live.connected) this.#update({ connected: false });
      if (event.code === PARTY_CLOSE_UNKNOWN) return this.#stop({ gone: true });
      if (event.code === PARTY_CLOSE_KICKED) return this.#stop({ kicked: true });
      if (opened) this.#schedule();
      else void this.#checkParty();
    };
  }
}

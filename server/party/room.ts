/**
 * One party's owner on this instance: its stored state, its sockets, its one timer, and the order
 * of everything that happens to it (every change runs after the one before). A change is stored
 * (compare-and-set on `seq`) before anyone is told; the timer is set from the stored deadline, so
 * a restarted server that loads the party carries it on from there.
 */
import type { WebSocket } from 'ws';
import type { Language } from '../../shared/languages.js';
import {
  HOST_AWAY_MS,
  PARTY_CLOSE_KICKED,
  PARTY_CLOSE_UNKNOWN,
  type PartyLiveMessage,
  type PartyState,
} from '../../shared/party.js';
import { TextFrame } from '../live/frame.js';
import { writeLive } from '../live/send.js';
import type { QuestionTexts } from '../questions/translations.js';
import { advance, dueAt } from './clock.js';
import type { PartyRepository, Seat, StoredParty, StoredState } from './repository.js';
import { meOf, partyView, seated } from './view.js';

/** The time source of every party clock; tests give a fake one. */
export interface PartyClock {
  now(): number;
  /** Runs `run` at `at` (ms); returns what cancels it. */
  schedule(at: number, run: () => void): () => void;
}

export const systemClock: PartyClock = {
  now: () => Date.now(),
  schedule(at, run) {
    const timer = setTimeout(run, Math.max(0, at - Date.now()));
    timer.unref();
    return () => clearTimeout(timer);
  },
};

export interface RoomDeps {
  repository: PartyRepository;
  texts: QuestionTexts;
  clock: PartyClock;
  log: (message: string, error?: unknown) => void;
}

interface Listener {
  socket: WebSocket;
  playerID: string | null;
  lang: Language;
}

export class PartyRoom {
  /** The `seq` of the latest message sent (stored with every change of the state). */
  private seq: number;
  private readonly listeners = new Set<Listener>();
  /** Connected players and since when (the longest-connected becomes host when the host is away). */
  private readonly connectedSince = new Map<string, number>();
  private queue: Promise<unknown> = Promise.resolve();
  private cancelTimer: (() => void) | undefined;
  private cancelHostTimer: (() => void) | undefined;
  private closed = false;
  /** Views by language (see `view`), good for `viewsOf` and the `presence` count they were made at. */
  private readonly views = new Map<Language, PartyState>();
  private viewsOf: StoredParty | undefined;
  private viewsPresence = 0;
  private presence = 0; // counts the changes of who is connected

  constructor(
    public party: StoredParty,
    private readonly deps: RoomDeps,
  ) {
    this.seq = party.seq;
    this.schedule();
    // Loaded with nobody connected (a restart): a host who does not come back is handed over too.
    if (!party.ended) this.watchHost();
  }

  /** Runs `work` after everything queued before it, alone. */
  run<T>(work: () => Promise<T> | T): Promise<T> {
    const result = this.queue.then(work);
    this.queue = result.catch(() => {});
    return result;
  }

  get now(): number {
    return this.deps.clock.now();
  }

  isConnected = (playerID: string): boolean => this.connectedSince.has(playerID);

  seatOf(userId: string): Seat | undefined {
    return this.party.players.find((seat) => seat.userId === userId);
  }

  /** The view in `lang`, worked out once while the party and who is connected stay (a storm's sockets share it); the time left fresh. */
  view(lang: Language): PartyState {
    if (this.viewsOf !== this.party || this.viewsPresence !== this.presence) {
      this.views.clear();
      this.viewsOf = this.party;
      this.viewsPresence = this.presence;
    }
    let view = this.views.get(lang);
    if (!view) {
      view = partyView(this.party, this.now, this.isConnected, this.deps.texts, lang);
      this.views.set(lang, view);
    }
    const { deadline } = this.party.state;
    return deadline === null ? view : { ...view, closesInMs: Math.max(0, deadline - this.now) };
  }

  /** Stores a change of the state, then tells every socket; false if the stored party moved on without us. */
  async change(
    state: StoredState,
    ended = state.phase === 'finished',
    { announce } = { announce: true },
  ): Promise<boolean> {
    const seq = this.seq + 1;
    const saved = await this.deps.repository.save(this.party.partyId, this.party.seq, { seq, state, ended });
    if (!saved) {
      const stored = await this.deps.repository.load(this.party.partyId);
      if (stored) this.party = stored;
      this.seq = Math.max(this.seq, this.party.seq);
      this.schedule();
      return false;
    }
    this.seq = seq;
    this.party = { ...this.party, seq, state, ended, code: ended ? null : this.party.code };
    if (announce) this.broadcastState();
    this.schedule();
    return true;
  }

  /** Moves to the next phase now (the host's `next`, everyone answered, a deadline). */
  advance(): Promise<boolean> {
    const next = advance(this.party.state, this.now, (round) => this.subjectOf(round));
    return next ? this.change(next) : Promise.resolve(false);
  }

  /** guess: round `round`'s subject, in join order among those playing it. */
  subjectOf(round: number): string | undefined {
    const playing = seated(this.party).filter((seat) => seat.fromRound <= round);
    return playing.length === 0 ? undefined : playing[round % playing.length].playerID;
  }

  /** In `answering`: moves on once every connected player of the round has answered (at least one is here). */
  async closeIfAllAnswered(): Promise<void> {
    const { state } = this.party;
    if (state.phase !== 'answering') return;
    const here = seated(this.party).filter((s) => s.fromRound <= state.round && this.isConnected(s.playerID));
    if (here.length === 0) return;
    const answered = new Set(this.party.answers.filter((a) => a.round === state.round).map((a) => a.playerID));
    if (here.every((seat) => answered.has(seat.playerID))) await this.advance();
  }

  /** Sets the one timer at the stored deadline. */
  private schedule(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    const at = dueAt(this.party.state);
    if (at === null || this.closed) return;
    this.cancelTimer = this.deps.clock.schedule(at, () => {
      this.run(async () => {
        const due = dueAt(this.party.state);
        if (due !== null && due <= this.now) await this.advance();
        // Fired early (Node's timers run on the loop's clock, which a long turn leaves behind
        // Date.now()): wait for the rest, or the party would stay in this phase for good.
        else if (due !== null) this.schedule();
      }).catch((error) => this.deps.log('a party clock step failed', error));
    });
  }

  // --- Sockets ------------------------------------------------------------------------------

  private nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }

  /** The whole state for one socket (open, hello, sync): with `me` for a player's socket. */
  private partyMessage(listener: Listener): PartyLiveMessage {
    const seat = listener.playerID ? this.party.players.find((s) => s.playerID === listener.playerID) : undefined;
    const view = this.view(listener.lang);
    return { type: 'party', seq: this.seq, ...view, ...(seat ? { me: meOf(this.party, seat) } : {}) };
  }

  private write(listener: Listener, message: PartyLiveMessage | TextFrame): void {
    writeLive(listener.socket, message instanceof TextFrame ? message : JSON.stringify(message));
  }

  /**
   * The whole state to every socket (a phase change), one `seq` for all: the same bytes for every
   * socket of a language, worked out and framed once. A player's own part (`me`) goes only in the
   * answer to their hello and sync, and in get-party.
   */
  broadcastState(): void {
    const frames = new Map<Language, TextFrame>();
    for (const listener of this.listeners) {
      let frame = frames.get(listener.lang);
      if (!frame) {
        const message: PartyLiveMessage = { type: 'party', seq: this.seq, ...this.view(listener.lang) };
        frame = new TextFrame(JSON.stringify(message));
        frames.set(listener.lang, frame);
      }
      this.write(listener, frame);
    }
  }

  /** A small message to every socket, with the next `seq`, framed once. */
  broadcast(message: (seq: number) => PartyLiveMessage): void {
    const frame = new TextFrame(JSON.stringify(message(this.nextSeq())));
    for (const listener of this.listeners) this.write(listener, frame);
  }

  /** A socket opens: the shared screen's view in the host's language until it says hello. */
  open(socket: WebSocket): Listener {
    const listener: Listener = { socket, playerID: null, lang: this.party.state.lang };
    this.listeners.add(listener);
    this.write(listener, this.partyMessage(listener));
    return listener;
  }

  /** `hello`: with a seated player's userId the socket is theirs; a kicked player is shut out. */
  hello(listener: Listener, userId: string | undefined, lang: Language | undefined): void {
    const seat = userId ? this.seatOf(userId) : undefined;
    // A phone reads in its own language: the one it says, else the one it joined with.
    const language = lang ?? seat?.lang;
    if (language) listener.lang = language;
    if (seat?.kicked) {
      listener.socket.close(PARTY_CLOSE_KICKED, 'Kicked');
      return;
    }
    if (seat && listener.playerID !== seat.playerID) {
      const before = listener.playerID;
      listener.playerID = seat.playerID;
      if (before) this.leftPlayer(before);
      if (!this.connectedSince.has(seat.playerID)) {
        this.connectedSince.set(seat.playerID, this.now);
        this.presence += 1;
        this.broadcast((seq) => ({ type: 'presence', seq, playerID: seat.playerID, connected: true }));
      }
    }
    this.write(listener, this.partyMessage(listener));
  }

  sync(listener: Listener): void {
    this.write(listener, this.partyMessage(listener));
  }

  async close(listener: Listener): Promise<void> {
    if (!this.listeners.delete(listener)) return;
    if (listener.playerID) {
      this.leftPlayer(listener.playerID);
      await this.closeIfAllAnswered();
    }
  }

  get sockets(): number {
    return this.listeners.size;
  }

  private leftPlayer(playerID: string): void {
    if ([...this.listeners].some((l) => l.playerID === playerID)) return;
    this.connectedSince.delete(playerID);
    this.presence += 1;
    this.broadcast((seq) => ({ type: 'presence', seq, playerID, connected: false }));
    if (playerID === this.party.state.hostId) this.watchHost();
  }

  /** The host has gone: in HOST_AWAY_MS, the longest-connected player takes over if they are still away. */
  private watchHost(): void {
    this.cancelHostTimer?.();
    if (this.closed) return;
    this.cancelHostTimer = this.deps.clock.schedule(this.now + HOST_AWAY_MS, () => {
      this.run(async () => {
        const { state } = this.party;
        if (this.party.ended || this.isConnected(state.hostId)) return;
        const [longest] = [...this.connectedSince].sort((a, b) => a[1] - b[1]);
        if (longest) await this.change({ ...state, hostId: longest[0] });
        // Nobody here to take over: look again later.
        else this.watchHost();
      }).catch((error) => this.deps.log('a party host hand-over failed', error));
    });
  }

  /** A kicked player's sockets close. */
  shut(playerID: string): void {
    for (const listener of this.listeners) {
      if (listener.playerID === playerID) listener.socket.close(PARTY_CLOSE_KICKED, 'Kicked');
    }
  }

  /** The party is gone (deleted): every socket closes as an unknown party's. */
  closeAll(): void {
    for (const listener of this.listeners) listener.socket.close(PARTY_CLOSE_UNKNOWN, 'Unknown party');
  }

  /** The app closes: no more timers. */
  stop(): void {
    this.closed = true;
    this.cancelTimer?.();
    this.cancelHostTimer?.();
  }
}

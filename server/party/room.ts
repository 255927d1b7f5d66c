/**
 * One party on this instance: its state as stored, its sockets here, and the order of everything
 * that happens to it (every change runs after the one before). Every message of the party has a
 * `seq` given by the database (docs/scaling.md, "Party clocks"): a change is stored (compare-and-set
 * on `seq`) before anyone is told, then told to this instance's sockets and, over the bus, to the
 * other instances', which deliver every message in `seq` order (order.ts). The clock (the timer at
 * the stored deadline, closing a round everyone has answered, the host's hand-over, who is
 * connected) runs only while this instance holds the party's lease (lease.ts); what it changes is
 * stored only while it still does, so a deposed instance changes nothing.
 */
import type { WebSocket } from 'ws';
import type { Language } from '../../shared/languages.js';
import { PARTY_CLOSE_KICKED, type PartyLiveMessage, type PartyState } from '../../shared/party.js';
import type { GameEventBus, PartyEvent } from '../events/bus.js';
import type { QuestionTexts } from '../questions/translations.js';
import { advance } from './clock.js';
import { ClockHolder } from './holder.js';
import { type Delta, InOrder } from './order.js';
import type { PartyRepository, Seat, StoredParty, StoredState } from './repository.js';
import { type Listener, PartySockets } from './sockets.js';
import type { PartyClock } from './time.js';
import { meOf, partyView, seated, ViewCache } from './view.js';

export { type PartyClock, systemClock } from './time.js';

export interface RoomDeps {
  repository: PartyRepository;
  texts: QuestionTexts;
  clock: PartyClock;
  /** Carries the party's messages to the other instances (and theirs here). */
  bus: GameEventBus;
  /** This instance, as leases name it. */
  instance: string;
  log: (message: string, error?: unknown) => void;
}

export class PartyRoom {
  /** The clock, running while this instance holds the lease. */
  readonly clock = new ClockHolder(this);
  closed = false;
  private readonly sockets = new PartySockets();
  private readonly order: InOrder;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly unsubscribe: () => void;
  private readonly views = new ViewCache();

  /** `party`: as stored at `party.seq`, every message up to which has been delivered here. */
  constructor(
    public party: StoredParty,
    readonly deps: RoomDeps,
  ) {
    this.order = new InOrder(deps.clock, () => this.later(() => this.reload()));
    this.unsubscribe = deps.bus.subscribeParty(party.partyId, (event) => this.heard(event));
  }

  /** Runs `work` after everything queued before it, alone. */
  run<T>(work: () => Promise<T> | T): Promise<T> {
    const result = this.queue.then(work);
    this.queue = result.catch(() => {});
    return result;
  }

  /** Runs `work` in turn, for a timer or the bus: nobody waits for it, a failure is logged. */
  later(work: () => Promise<unknown> | unknown): void {
    this.run(work).catch((error) => this.deps.log('a party step failed', error));
  }

  get now(): number {
    return this.deps.clock.now();
  }

  isConnected = (playerID: string): boolean => playerID in this.party.presence;

  get holding(): boolean {
    return this.clock.holding;
  }

  /** The players with a socket on this instance. */
  localPlayers(): Set<string> {
    return this.sockets.players();
  }

  seatOf(userId: string): Seat | undefined {
    return this.party.players.find((seat) => seat.userId === userId);
  }

  /** The view in `lang`, worked out once per stored party (a storm's sockets share it); the time left fresh. */
  view(lang: Language): PartyState {
    const view = this.views.of(this.party, lang, () =>
      partyView(this.party, this.now, this.isConnected, this.deps.texts, lang),
    );
    const { deadline } = this.party.state;
    return deadline === null ? view : { ...view, closesInMs: Math.max(0, deadline - this.now) };
  }

  /**
   * Stores a change of the state, then tells every socket; false if the stored party moved on
   * without us (it is re-read: the caller may try again) or, for the clock's own change (`byClock`),
   * if this instance no longer holds the lease.
   */
  async change(
    state: StoredState,
    ended = state.phase === 'finished',
    { announce = true, byClock = false }: { announce?: boolean; byClock?: boolean } = {},
  ): Promise<boolean> {
    const { partyId, seq: from } = this.party;
    const seq = from + 1;
    const holder = byClock ? this.deps.instance : undefined;
    if (!(await this.deps.repository.save(partyId, from, { seq, state, ended }, holder))) {
      await this.reload();
      return false;
    }
    this.party = { ...this.party, seq, state, ended, code: ended ? null : this.party.code };
    if (announce) this.announce();
    this.deliverWaiting();
    this.clock.schedule();
    return true;
  }

  /** Tells every socket here, and every other instance, the state as stored now. */
  announce(): void {
    this.sockets.broadcastState(this.party.seq, (lang) => this.view(lang));
    this.publish({ type: 'party', seq: this.party.seq });
  }

  /** Moves to the next phase now (the host's `next`; the clock's, `byClock`: a deadline, everyone answered). */
  advance(byClock = false): Promise<boolean> {
    const next = advance(this.party.state, this.now, (round) => this.subjectOf(round));
    return next ? this.change(next, undefined, { byClock }) : Promise.resolve(false);
  }

  /** guess: round `round`'s subject, in join order among those playing it. */
  subjectOf(round: number): string | undefined {
    const playing = seated(this.party).filter((seat) => seat.fromRound <= round);
    return playing.length === 0 ? undefined : playing[round % playing.length].playerID;
  }

  // --- The bus and the order of messages ------------------------------------------------------

  publish(event: PartyEvent): void {
    this.deps.bus.publish(this.party.partyId, event);
  }

  private heard(event: PartyEvent | { type: 'resync' }): void {
    switch (event.type) {
      case 'party':
        this.later(async () => {
          if (event.seq <= this.party.seq) return;
          await this.reload();
          // A change made elsewhere (a kick, a join) may close the round.
          await this.clock.afterDelivery();
        });
        return;
      case 'answered':
      case 'presence':
        this.later(() => this.deliver(event));
        return;
      case 'here':
        if (this.clock.report(event.instance, event.playerIDs)) this.later(() => this.clock.tallyPresence());
        return;
      case 'resync':
        // Messages may have been missed: re-read, and tell the clock's instance again who is here.
        this.later(async () => {
          await this.reload();
          this.clock.sayHere(true);
        });
        return;
      default:
        event satisfies never;
    }
  }

  /** A small message stored (here or on another instance): delivered in `seq` order. */
  async deliver(delta: Delta): Promise<void> {
    // The same answer reaches the room twice on this instance (its own call, and the bus's echo):
    // only the one that changed something is followed up.
    if (this.deliverStored(delta)) await this.clock.afterDelivery();
  }

  /** Delivers `delta` and whatever waited for it (or keeps it until the ones before it come); whether any was. */
  deliverStored(delta: Delta): boolean {
    const ready = this.order.take(this.party.seq, delta);
    for (const each of ready) this.apply(each);
    return ready.length > 0;
  }

  private deliverWaiting(): void {
    for (const ready of this.order.ready(this.party.seq)) this.apply(ready);
  }

  private apply(delta: Delta): void {
    const { seq } = delta;
    if (delta.type === 'answered') {
      const { round, playerID, answer } = delta;
      this.party = { ...this.party, seq, answers: [...this.party.answers, { round, playerID, answer }] };
      this.sockets.broadcast({ type: 'answered', seq, playerID });
    } else {
      const { playerID, connected } = delta;
      const { [playerID]: since, ...others } = this.party.presence;
      const presence = connected ? { ...others, [playerID]: since ?? this.now } : others;
      this.party = { ...this.party, seq, presence };
      this.sockets.broadcast({ type: 'presence', seq, playerID, connected });
    }
  }

  /** Re-reads the party; if it moved on, every socket here gets the whole state. */
  async reload(): Promise<void> {
    const stored = await this.deps.repository.load(this.party.partyId);
    if (!stored || stored.seq < this.party.seq) return;
    const moved = stored.seq > this.party.seq;
    this.party = stored;
    if (moved) {
      // A player kicked on another instance: their sockets here close too.
      for (const seat of stored.players) if (seat.kicked) this.sockets.shut(seat.playerID);
      this.sockets.broadcastState(stored.seq, (lang) => this.view(lang));
    }
    this.deliverWaiting();
    if (this.holding && stored.holder !== this.deps.instance) this.clock.depose();
    this.clock.schedule();
  }

  /**
   * Re-reads the party only if the stored one moved on, its `seq` read first: a storm's opens on an
   * instance without the clock each read the whole party (docs/benchmarks.md, "a restarted server").
   */
  async freshen(): Promise<void> {
    const seq = await this.deps.repository.seqOf(this.party.partyId);
    if (seq === undefined || seq > this.party.seq) await this.reload();
  }

  // --- Sockets ------------------------------------------------------------------------------

  /** The whole state for one socket (open, hello, sync): with `me` for a player's socket. */
  private partyMessage(listener: Listener): PartyLiveMessage {
    const seat = listener.playerID ? this.party.players.find((s) => s.playerID === listener.playerID) : undefined;
    const view = this.view(listener.lang);
    return { type: 'party', seq: this.party.seq, ...view, ...(seat ? { me: meOf(this.party, seat) } : {}) };
  }

  /**
   * A socket opens: the shared screen's view in the host's language until it says hello. Not the
   * clock's instance: the party is re-read first, so that a phone coming from a dead instance
   * never gets a state older than the one it had.
   */
  async open(socket: WebSocket): Promise<Listener> {
    if (!this.holding) await this.freshen();
    const listener: Listener = { socket, playerID: null, lang: this.party.state.lang };
    this.sockets.add(listener);
    this.sockets.write(listener, this.partyMessage(listener));
    return listener;
  }

  /** `hello`: with a seated player's userId the socket is theirs; a kicked player is shut out. */
  async hello(listener: Listener, userId: string | undefined, lang: Language | undefined): Promise<void> {
    const seat = userId ? this.seatOf(userId) : undefined;
    // A phone reads in its own language: the one it says, else the one it joined with.
    const language = lang ?? seat?.lang;
    if (language) listener.lang = language;
    if (seat?.kicked) {
      listener.socket.close(PARTY_CLOSE_KICKED, 'Kicked');
      return;
    }
    if (seat && listener.playerID !== seat.playerID) {
      listener.playerID = seat.playerID;
      await this.clock.playersChanged();
    }
    this.sockets.write(listener, this.partyMessage(listener));
  }

  sync(listener: Listener): void {
    this.sockets.write(listener, this.partyMessage(listener));
  }

  /** Who is connected is counted in a step queued behind this one (ClockHolder.playersLeft). */
  close(listener: Listener): void {
    if (this.sockets.delete(listener) && listener.playerID) this.clock.playersLeft();
  }

  get socketCount(): number {
    return this.sockets.size;
  }

  /** A kicked player's sockets close. */
  shut(playerID: string): void {
    this.sockets.shut(playerID);
  }

  /** The party is gone (deleted): every socket closes as an unknown party's. */
  closeAll(): void {
    this.sockets.closeAll();
  }

  /** The app closes (or the party leaves memory): no more timers, off the bus. */
  stop(): void {
    this.closed = true;
    this.clock.depose();
    this.order.stop();
    this.unsubscribe();
  }
}

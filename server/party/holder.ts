/**
 * A party's clock on the instance that holds its lease (docs/scaling.md, "Party clocks"): the one
 * timer at the stored deadline, the host's hand-over, and who is connected on any instance
 * (presence.ts), each change stored only while this instance still holds the lease. The room
 * (room.ts) starts it when the lease is taken (lease.ts) and stops it when it is lost.
 */
import { HOST_AWAY_MS } from '../../shared/party.js';
import type { PartyEvent } from '../events/bus.js';
import { dueAt } from './clock.js';
import type { Delta } from './order.js';
import { PresenceTally, presenceChanges } from './presence.js';
import type { PartyRepository, StoredParty, StoredState } from './repository.js';
import type { PartyClock } from './time.js';
import { seated } from './view.js';

/**
 * What the clock needs of its party's room (room.ts, which makes the clock: declared here so that
 * the two files do not import each other).
 */
export interface HeldRoom {
  readonly deps: { instance: string; clock: PartyClock; repository: PartyRepository };
  readonly now: number;
  readonly closed: boolean;
  readonly party: StoredParty;
  later(work: () => Promise<unknown> | unknown): void;
  isConnected(playerID: string): boolean;
  localPlayers(): Set<string>;
  change(state: StoredState, ended?: boolean, options?: { byClock?: boolean }): Promise<boolean>;
  advance(byClock?: boolean): Promise<boolean>;
  publish(event: PartyEvent): void;
  deliverStored(delta: Delta): boolean;
  reload(): Promise<void>;
}

export class ClockHolder {
  /** Whether this instance runs the party's clock (holds its lease). */
  holding = false;
  private cancelTimer: (() => void) | undefined;
  private cancelHostTimer: (() => void) | undefined;
  /** While holding: every instance's reports of who is connected, and the presence last stored. */
  private tally: PresenceTally | undefined;
  private written: Record<string, number> = {};
  /** Said `here` with players, so an empty `here` is owed when the last of them goes. */
  private saidHere = false;
  /** A step for the sockets closed meanwhile is queued (playersLeft). */
  private leaving = false;

  constructor(private readonly room: HeldRoom) {}

  /** Another instance says which of the party's players it has sockets of. */
  report(instance: string, playerIDs: readonly string[]): boolean {
    if (!this.tally || instance === this.room.deps.instance) return false;
    this.tally.report(instance, playerIDs, this.room.now);
    return true;
  }

  /** This instance took the party's lease: it carries the party on from what is stored. */
  async hold(): Promise<void> {
    if (this.holding || this.room.closed) return;
    const before = this.room.party.seq;
    await this.room.reload();
    if (this.room.party.holder !== this.room.deps.instance) return;
    this.holding = true;
    this.written = { ...this.room.party.presence };
    this.tally = new PresenceTally(this.room.party.presence, this.room.now);
    // Whatever a dead holder stored but did not announce reaches every instance now.
    if (this.room.party.seq > before) this.room.publish({ type: 'party', seq: this.room.party.seq });
    this.schedule();
    await this.tallyPresence();
    this.watchHost();
    await this.closeIfAllAnswered();
  }

  /** Another instance holds the lease now: this one's clock stops. */
  depose(): void {
    this.holding = false;
    this.tally = undefined;
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.cancelHostTimer?.();
    this.cancelHostTimer = undefined;
  }

  /** Sets the one timer at the stored deadline. */
  schedule(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    const at = dueAt(this.room.party.state);
    if (at === null || this.room.closed || !this.holding) return;
    this.cancelTimer = this.room.deps.clock.schedule(at, () =>
      this.room.later(async () => {
        const due = dueAt(this.room.party.state);
        if (due !== null && due <= this.room.now) await this.room.advance(true);
        // A timer may fire a moment before the wall clock reaches its time (it counts on another
        // clock, in whole ms): set again, or the party would wait forever.
        else this.schedule();
      }),
    );
  }

  /** While the host is away: in HOST_AWAY_MS, the longest-connected player takes over if they are still away. */
  watchHost(): void {
    const away = this.holding && !this.room.party.ended && !this.room.isConnected(this.room.party.state.hostId);
    if (!away) {
      this.cancelHostTimer?.();
      this.cancelHostTimer = undefined;
      return;
    }
    this.cancelHostTimer ??= this.room.deps.clock.schedule(this.room.now + HOST_AWAY_MS, () =>
      this.room.later(async () => {
        this.cancelHostTimer = undefined;
        const { state, presence } = this.room.party;
        if (!this.holding || this.room.party.ended || this.room.isConnected(state.hostId)) return;
        const [longest] = Object.entries(presence).sort((a, b) => a[1] - b[1]);
        if (longest) await this.room.change({ ...state, hostId: longest[0] }, false, { byClock: true });
        // Nobody here to take over: look again later.
        else this.watchHost();
      }),
    );
  }

  /** The clock's instance: stores (one `presence` each) every change of who is connected on any instance. */
  /** Whether a lease tick must tally (a report may have run out; see PresenceTally.hasReports). */
  get tallies(): boolean {
    return this.tally?.hasReports ?? false;
  }

  async tallyPresence(): Promise<void> {
    if (!this.tally || this.room.closed) return;
    const connected = this.tally.connected(this.room.localPlayers(), this.room.now);
    const changes = presenceChanges(this.written, connected);
    if (changes.length > 0) {
      // Every change in one write (a burst of phones leaving at once is one), a message each.
      const presence = { ...this.written };
      for (const { playerID, connected: now } of changes) {
        if (now) presence[playerID] = this.room.now;
        else delete presence[playerID];
      }
      const last = await this.room.deps.repository.savePresence(
        this.room.party.partyId,
        presence,
        this.room.deps.instance,
        changes.length,
      );
      if (last === undefined) {
        this.depose();
        return;
      }
      this.written = presence;
      for (const [i, { playerID, connected: now }] of changes.entries()) {
        const delta: Delta = { type: 'presence', seq: last - changes.length + 1 + i, playerID, connected: now };
        this.room.publish(delta);
        this.room.deliverStored(delta);
      }
    }
    await this.afterDelivery();
  }

  /** In `answering`: moves on once every connected player of the round has answered (at least one is here). */
  async closeIfAllAnswered(): Promise<void> {
    const { party } = this.room;
    const { state } = party;
    if (!this.holding || state.phase !== 'answering') return;
    const here = seated(party).filter((s) => s.fromRound <= state.round && this.room.isConnected(s.playerID));
    if (here.length === 0) return;
    const answered = new Set(party.answers.filter((a) => a.round === state.round).map((a) => a.playerID));
    if (here.every((seat) => answered.has(seat.playerID))) await this.room.advance(true);
  }

  /** Who is connected or what was answered may hand the party over or close the round. */
  async afterDelivery(): Promise<void> {
    if (!this.holding) return;
    this.watchHost();
    await this.closeIfAllAnswered();
  }

  /** Not the clock's instance: tells it which players have sockets here (`always`: even if none). */
  sayHere(always = false): void {
    if (this.holding || this.room.closed) return;
    const playerIDs = [...this.room.localPlayers()];
    if (playerIDs.length === 0 && !this.saidHere && !always) return;
    this.saidHere = playerIDs.length > 0;
    this.room.publish({ type: 'here', instance: this.room.deps.instance, playerIDs });
  }

  /** Who has sockets here changed: counted at once on the clock's instance, told to it from the others. */
  async playersChanged(): Promise<void> {
    if (this.holding) await this.tallyPresence();
    else this.sayHere();
  }

  /**
   * Someone's socket closed: counted (or told) in a step of its own after the steps queued so far,
   * so that the phones of a party leaving together (a room's Wi-Fi drops) are one write.
   */
  playersLeft(): void {
    if (this.leaving) return;
    this.leaving = true;
    this.room.later(() => {
      this.leaving = false;
      return this.playersChanged();
    });
  }
}

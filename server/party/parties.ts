/**
 * Every party this instance runs, each in its own room (room.ts), and what players and hosts do
 * to them. Handlers (routes.ts, live.ts) call these; every one runs in its party's order.
 */
import { customAlphabet } from 'nanoid';
import type { Language } from '../../shared/languages.js';
import { answerRange, editionOf, fromWireQuestion, toWireQuestion } from '../../shared/model.js';
import { defaultRounds, PARTY_CODE_ALPHABET, PARTY_CODE_LENGTH, type PartyCommand } from '../../shared/party.js';
import { badRequest, conflict } from '../errors.js';
import { newGameId, newPlayerId } from '../ids.js';
import type { QuestionRepository } from '../questions/repository.js';
import { acceptsAnswers, commanded, end, start } from './clock.js';
import { partyErrors } from './errors.js';
import { ClockLeases } from './lease.js';
import type { NewSeat, Seat, StoredState } from './repository.js';
import { PartyRoom, type RoomDeps } from './room.js';
import { seated } from './view.js';

const newCode = customAlphabet(PARTY_CODE_ALPHABET, PARTY_CODE_LENGTH);

export interface PartiesOptions extends RoomDeps {
  questions: Pick<QuestionRepository, 'draw'>;
  /** PARTY_MAX_PLAYERS. */
  maxPlayers: number;
}

export type NewParty = Pick<StoredState, 'gameType' | 'format' | 'timing' | 'roundsAsked' | 'lang' | 'pack'> & {
  userId: string;
  userName: string;
};

export class Parties {
  private readonly rooms = new Map<string, Promise<PartyRoom | undefined>>();
  readonly leases: ClockLeases;

  constructor(private readonly options: PartiesOptions) {
    this.leases = new ClockLeases({ ...options, held: (partyIds) => this.held(partyIds) });
  }

  /** The party's room, loaded from storage on first use (undefined: no such party). */
  room(partyId: string): Promise<PartyRoom | undefined> {
    let room = this.rooms.get(partyId);
    if (!room) {
      room = this.options.repository.load(partyId).then((party) => {
        if (!party) return undefined;
        const loaded = new PartyRoom(party, this.options);
        // Made here (or claimed before it was loaded): its clock runs here.
        if (party.holder === this.options.instance) loaded.run(() => loaded.clock.hold()).catch(this.failed);
        return loaded;
      });
      this.rooms.set(partyId, room);
      room.then((loaded) => loaded || this.rooms.delete(partyId)).catch(() => this.rooms.delete(partyId));
    }
    return room;
  }

  private readonly failed = (error: unknown) => this.options.log('a party clock step failed', error);

  /** After a lease tick: clocks start where this instance holds the lease, stop where it lost it; presence is told. */
  private async held(partyIds: ReadonlySet<string>): Promise<void> {
    for (const [partyId, loading] of this.rooms) {
      const room = await loading.catch(() => undefined);
      if (!room) continue;
      // Not renewed: taken by another instance, unless it was made here after the renewal. The
      // stored holder says which (reload deposes this clock if it is another's).
      if (room.holding && !partyIds.has(partyId)) room.run(() => room.reload()).catch(this.failed);
      // The clock's instance: another instance's report may have run out (a lone one has none).
      if (room.holding && room.clock.tallies) room.run(() => room.clock.tallyPresence()).catch(this.failed);
      else if (!room.holding) room.run(() => room.clock.sayHere()).catch(this.failed);
    }
    for (const partyId of partyIds) {
      const room = await this.room(partyId);
      // Awaited: a starting server has the clocks it took running before it serves.
      if (room && !room.holding) await room.run(() => room.clock.hold()).catch(this.failed);
    }
  }

  async require(partyId: string): Promise<PartyRoom> {
    const room = await this.room(partyId);
    if (!room) throw partyErrors.unknownParty();
    return room;
  }

  /**
   * A starting server takes the clocks of the open parties no live instance runs (all of them,
   * after a restart that gave them up); then it keeps renewing and claiming (lease.ts).
   */
  async resumeAll(): Promise<void> {
    await this.leases.start();
  }

  /** A party nobody watches here leaves memory if it has ended or its clock runs elsewhere (it is loaded again if asked for). */
  forgetIfIdle(room: PartyRoom): void {
    if (room.socketCount > 0 || (!room.party.ended && room.holding)) return;
    room.stop();
    this.rooms.delete(room.party.partyId);
  }

  /** A deleted party (retention): its sockets close as an unknown party's, its room goes. */
  async forget(partyId: string): Promise<void> {
    const room = await this.rooms.get(partyId)?.catch(() => undefined);
    this.rooms.delete(partyId);
    room?.stop();
    room?.closeAll();
  }

  async stop(): Promise<void> {
    for (const room of this.rooms.values()) (await room.catch(() => undefined))?.stop();
    await this.leases.stop();
  }

  async create(
    party: NewParty,
    previous?: { code: string; partyId: string; hostPlayerID: string },
  ): Promise<{ partyId: string; code: string; playerID: string }> {
    const partyId = previous?.partyId ?? newGameId();
    const host: NewSeat = {
      playerID: previous?.hostPlayerID ?? newPlayerId(),
      userId: party.userId,
      name: party.userName,
      lang: party.lang,
      fromRound: 0,
    };
    const state: StoredState = {
      gameType: party.gameType,
      format: party.format,
      timing: party.timing,
      roundsAsked: party.roundsAsked,
      ...(party.pack === undefined ? {} : { pack: party.pack }),
      rounds: party.roundsAsked ?? defaultRounds(party.format, 1),
      lang: party.lang,
      code: '',
      phase: 'lobby',
      round: 0,
      revealed: 0,
      deadline: null,
      paused: null,
      locked: false,
      hostId: host.playerID,
      questions: [],
      subjects: [],
      nextPartyId: null,
    };
    // A code taken by another open party: draw again (20^5 codes; a few tries at most).
    for (let attempt = 0; attempt < 20; attempt++) {
      const code = attempt === 0 && previous ? previous.code : newCode();
      const now = this.options.clock.now();
      const holder = this.options.instance;
      if (await this.options.repository.create({ partyId, code, state: { ...state, code }, host, now, holder })) {
        return { partyId, code, playerID: host.playerID };
      }
    }
    throw new Error('No free party code after 20 tries.');
  }

  /** A seat for `userId` (the same one on every rejoin). */
  async join(room: PartyRoom, userId: string, name: string, lang: Language, byCode: boolean): Promise<Seat> {
    return room.run(async () => {
      const existing = room.seatOf(userId);
      if (existing?.kicked) throw partyErrors.kicked();
      if (existing) return existing;
      const { state } = room.party;
      // By code, a closed party is the same 404 as a wrong code; by link, it says it is closed.
      if (room.party.ended || state.locked) throw byCode ? partyErrors.notFound() : partyErrors.locked();
      const fromRound = state.phase === 'lobby' ? 0 : state.round + 1;
      const seat: NewSeat = { playerID: newPlayerId(), userId, name, lang, fromRound };
      const result = await this.options.repository.join(room.party.partyId, seat, this.options.maxPlayers);
      if (result.status === 'missing') throw partyErrors.unknownParty();
      if (result.status === 'full') throw partyErrors.full();
      room.party = { ...room.party, players: [...room.party.players.filter((s) => s.userId !== userId), result.seat] };
      // Everyone sees the new name; the stored seq follows (the state itself is unchanged).
      await this.touch(room);
      return result.seat;
    });
  }

  /**
   * Stores an answer if the stored state takes it (on any instance: the database decides against
   * the reveal), then delivers its `answered` in order; the reply follows the commit.
   */
  async answer(room: PartyRoom, userId: string, round: number, answer: number): Promise<void> {
    const seat = this.player(room, userId);
    const { state } = room.party;
    const roundClosed = () => conflict('round_closed', 'This round is not open for answers.');
    // What this instance knows refuses at once; what it allows, the stored state decides.
    if (seat.fromRound > round || (state.round === round && !acceptsAnswers(state, round, room.now))) {
      throw roundClosed();
    }
    const wire = state.questions[round];
    if (!wire) throw roundClosed();
    const [min, max] = answerRange(fromWireQuestion(editionOf(state.gameType), wire));
    if (answer < min || answer > max) {
      throw badRequest('answer_out_of_range', `The field "answer" must be between ${min} and ${max}; got ${answer}.`);
    }
    const { playerID } = seat;
    const stored = await this.options.repository.answer(room.party.partyId, { round, playerID, answer }, room.now);
    if (stored.status === 'different') throw conflict('round_answered', 'You have already answered this round.');
    if (stored.status === 'closed') throw roundClosed();
    if (stored.status !== 'stored') return;
    const delta = { type: 'answered', seq: stored.seq, playerID, round, answer } as const;
    room.publish(delta);
    await room.run(() => room.deliver(delta));
  }

  /** A change of the seats: a stored bump of `seq` with the whole state, tried again if another change came first. */
  private async touch(room: PartyRoom): Promise<void> {
    while (!room.party.ended && !(await room.change(room.party.state))) {
      // Lost to another change: the party was re-read (with the seats as stored); bump again.
    }
  }

  /** A host's command; returns the party everyone is in afterwards (a new one after `again`). */
  async command(room: PartyRoom, userId: string, command: PartyCommand, playerID?: string): Promise<string> {
    return room.run(async () => {
      const seat = this.player(room, userId);
      if (seat.playerID !== room.party.state.hostId) throw partyErrors.hostOnly();
      if (command === 'again') return this.again(room);
      if (command === 'kick') await this.kick(room, seat, playerID as string);
      // Worked out from the party as this instance knows it; if another change was stored first,
      // the party has been re-read and the command is worked out again from there.
      else while (!(await this.apply(room, command))) {}
      return room.party.partyId;
    });
  }

  /** One try at a command: false if another change was stored first. */
  private async apply(room: PartyRoom, command: Exclude<PartyCommand, 'again' | 'kick'>): Promise<boolean> {
    const { state, ended } = room.party;
    if (command === 'start' || (command === 'next' && state.phase === 'lobby')) {
      return state.phase === 'lobby' ? this.start(room) : true;
    }
    const change = commanded(state, ended, command, room.now, (round) => room.subjectOf(round));
    return change ? room.change(change.next, change.ends) : true;
  }

  /** Ends the party for the admin; false if it had ended already. */
  async endNow(room: PartyRoom): Promise<boolean> {
    return room.run(async () => {
      if (room.party.ended) return false;
      return room.change(end(room.party.state), true);
    });
  }

  private player(room: PartyRoom, userId: string): Seat {
    const seat = room.seatOf(userId);
    if (!seat) throw partyErrors.notPlayer();
    if (seat.kicked) throw partyErrors.kicked();
    return seat;
  }

  private async start(room: PartyRoom): Promise<boolean> {
    const { state } = room.party;
    const players = seated(room.party).length;
    if (players < 2) throw partyErrors.tooSmall();
    const rounds = state.roundsAsked ?? defaultRounds(state.format, players);
    const drawn = await this.options.questions.draw(editionOf(state.gameType), rounds, [], state.pack);
    const next = start(state, room.now, drawn.map(toWireQuestion), (round) => room.subjectOf(round));
    return room.change(next);
  }

  private async kick(room: PartyRoom, host: Seat, playerID: string): Promise<void> {
    const target = room.party.players.find((s) => s.playerID === playerID && !s.kicked);
    if (!target) throw badRequest('validation_failed', 'The field "playerID" names no player of this party.');
    if (target.playerID === host.playerID) throw badRequest('validation_failed', 'The host cannot kick themselves.');
    await this.options.repository.kick(room.party.partyId, playerID);
    room.party = {
      ...room.party,
      players: room.party.players.map((s) => (s.playerID === playerID ? { ...s, kicked: true } : s)),
    };
    room.shut(playerID);
    await this.touch(room);
    await room.clock.closeIfAllAnswered();
  }

  /** The same players and settings in a new party with the same code; the old one ends and points to it. */
  private async again(room: PartyRoom): Promise<string> {
    const old = room.party;
    const host = old.players.find((s) => s.playerID === old.state.hostId) as Seat;
    const partyId = newGameId();
    // Told only once the new party exists, so that every screen that follows it finds it.
    const ended = { ...end(old.state), nextPartyId: partyId };
    if (!(await room.change(ended, true, { announce: false }))) return old.partyId;
    const { state } = old;
    await this.create(
      { ...state, userId: host.userId, userName: host.name, lang: state.lang },
      { partyId, code: old.state.code, hostPlayerID: host.playerID },
    );
    for (const seat of seated(old).filter((s) => s.playerID !== host.playerID)) {
      await this.options.repository.join(partyId, { ...seat, fromRound: 0 }, this.options.maxPlayers);
    }
    room.announce();
    return partyId;
  }
}

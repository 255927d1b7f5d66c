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
import { acceptsAnswers, end, pause, resume, start } from './clock.js';
import { partyErrors } from './errors.js';
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

  constructor(private readonly options: PartiesOptions) {}

  /** The party's room, loaded from storage on first use (undefined: no such party). */
  room(partyId: string): Promise<PartyRoom | undefined> {
    let room = this.rooms.get(partyId);
    if (!room) {
      room = this.options.repository.load(partyId).then((party) => party && new PartyRoom(party, this.options));
      this.rooms.set(partyId, room);
      room.then((loaded) => loaded || this.rooms.delete(partyId)).catch(() => this.rooms.delete(partyId));
    }
    return room;
  }

  async require(partyId: string): Promise<PartyRoom> {
    const room = await this.room(partyId);
    if (!room) throw partyErrors.unknownParty();
    return room;
  }

  /** A starting server carries on every party that has not ended. */
  async resumeAll(): Promise<void> {
    for (const partyId of await this.options.repository.openParties()) await this.room(partyId);
  }

  /** An ended party nobody watches leaves memory (it is loaded again if asked for). */
  forgetIfIdle(room: PartyRoom): void {
    if (!room.party.ended || room.sockets > 0) return;
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
      if (await this.options.repository.create({ partyId, code, state: { ...state, code }, host, now })) {
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
      await room.change(room.party.state);
      return result.seat;
    });
  }

  async answer(room: PartyRoom, userId: string, round: number, answer: number): Promise<void> {
    return room.run(async () => {
      const seat = this.player(room, userId);
      const { state } = room.party;
      if (!acceptsAnswers(state, round, room.now) || seat.fromRound > round) {
        throw conflict('round_closed', 'This round is not open for answers.');
      }
      const question = fromWireQuestion(editionOf(state.gameType), state.questions[round]);
      const [min, max] = answerRange(question);
      if (answer < min || answer > max) {
        throw badRequest('answer_out_of_range', `The field "answer" must be between ${min} and ${max}; got ${answer}.`);
      }
      const stored = await this.options.repository.answer(room.party.partyId, {
        round,
        playerID: seat.playerID,
        answer,
      });
      if (stored === 'different') throw conflict('round_answered', 'You have already answered this round.');
      if (stored === 'same') return;
      room.party = { ...room.party, answers: [...room.party.answers, { round, playerID: seat.playerID, answer }] };
      room.broadcast((seq) => ({ type: 'answered', seq, playerID: seat.playerID }));
      await room.closeIfAllAnswered();
    });
  }

  /** A host's command; returns the party everyone is in afterwards (a new one after `again`). */
  async command(room: PartyRoom, userId: string, command: PartyCommand, playerID?: string): Promise<string> {
    return room.run(async () => {
      const seat = this.player(room, userId);
      const { state } = room.party;
      if (seat.playerID !== state.hostId) throw partyErrors.hostOnly();
      const now = room.now;
      switch (command) {
        case 'start':
          if (state.phase === 'lobby') await this.start(room);
          break;
        case 'next':
          if (state.phase === 'lobby') await this.start(room);
          else await room.advance();
          break;
        case 'pause': {
          const paused = pause(state, now);
          if (paused) await room.change(paused);
          break;
        }
        case 'resume': {
          const resumed = resume(state, now);
          if (resumed) await room.change(resumed);
          break;
        }
        case 'lock':
        case 'unlock':
          if (!room.party.ended) await room.change({ ...state, locked: command === 'lock' });
          break;
        case 'kick':
          await this.kick(room, seat, playerID as string);
          break;
        case 'end':
          if (!room.party.ended) await room.change(end(state), true);
          break;
        case 'again':
          return this.again(room);
      }
      return room.party.partyId;
    });
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

  private async start(room: PartyRoom): Promise<void> {
    const { state } = room.party;
    const players = seated(room.party).length;
    if (players < 2) throw partyErrors.tooSmall();
    const rounds = state.roundsAsked ?? defaultRounds(state.format, players);
    const drawn = await this.options.questions.draw(editionOf(state.gameType), rounds, [], state.pack);
    const next = start(state, room.now, drawn.map(toWireQuestion), (round) => room.subjectOf(round));
    await room.change(next);
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
    await room.change(room.party.state);
    await room.closeIfAllAnswered();
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
    room.broadcastState();
    return partyId;
  }
}

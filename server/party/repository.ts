/**
 * A party's data: its stored state (one JSON document, changed by compare-and-set on `seq`), its
 * seats and its answers. The SQLite and PostgreSQL implementations pass the same tests
 * (server/party/*.test.ts run in both `server` and `server-postgres`).
 */
import type { Language } from '../../shared/languages.js';
import type { WireQuestion } from '../../shared/model.js';
import type { Pack } from '../../shared/packs.js';
import type { PartyFormat, PartyPhase, PartyTiming } from '../../shared/party.js';

/** What the clock and the host change; stored as it is. Deadlines are ms of server time. */
export interface StoredState {
  gameType: 'Spectrum' | 'Classic';
  format: PartyFormat;
  timing: PartyTiming;
  /** As the host asked (null: the default, decided at the start). */
  roundsAsked: number | null;
  /** The pack its questions are drawn from (absent: the whole bank, and every party stored before packs). */
  pack?: Pack;
  rounds: number;
  lang: Language;
  /** The party's code, kept after it ends (a new party of the same players takes it again). */
  code: string;
  phase: PartyPhase;
  round: number;
  /** Rounds whose answers are out (their reveal has begun): only these count and show. */
  revealed: number;
  /** When the phase ends (answering: the shown deadline; answers count until ANSWER_GRACE_MS after). */
  deadline: number | null;
  /** While paused: the phase held and the ms it had left (null: it had no deadline). */
  paused: { phase: PartyPhase; remainingMs: number | null } | null;
  locked: boolean;
  hostId: string;
  /** Drawn at the start, as stored in the bank (English); shown in each reader's language. */
  questions: WireQuestion[];
  /** guess: each round's subject so far (playerIDs). */
  subjects: string[];
  nextPartyId: string | null;
}

export interface Seat {
  playerID: string;
  userId: string;
  name: string;
  lang: Language;
  /** Join order, from 0. */
  seat: number;
  fromRound: number;
  kicked: boolean;
}

export interface StoredAnswer {
  round: number;
  playerID: string;
  answer: number;
}

export interface StoredParty {
  partyId: string;
  /** The instance whose clock runs the party now (docs/scaling.md, "Party clocks"); null: none yet. */
  holder: string | null;
  /** Who is connected on any instance, and since when (ms): the clock's instance writes it with each `presence`. */
  presence: Record<string, number>;
  /** Until the party ends (then null: the code is free). */
  code: string | null;
  ended: boolean;
  seq: number;
  state: StoredState;
  players: Seat[];
  answers: StoredAnswer[];
}

export type NewSeat = Omit<Seat, 'seat' | 'kicked'>;

export type JoinResult = { status: 'joined' | 'existing'; seat: Seat } | { status: 'full' } | { status: 'missing' };

/**
 * `stored`: with the `seq` of its `answered` message; `different`: this player already answered
 * this round with another answer (the first stands); `closed`: the stored state takes no answer
 * for this round now (the reveal was stored first).
 */
export type AnswerResult = { status: 'stored'; seq: number } | { status: 'same' | 'different' | 'closed' };

/** What decides whether an answer is taken (clock.ts acceptsAnswers), read without the rest of the state. */
export interface AnswerWindow {
  phase: PartyPhase;
  round: number;
  deadline: number | null;
}

/**
 * How long a clock's lease lasts unless renewed (ms): renewed every LEASE_TICK_MS (lease.ts), so a
 * dead instance's clock is taken over within this plus one tick, under the contract's 10 s.
 */
export const LEASE_MS = 7_000;

export interface PartyRepository {
  /** False if `code` is taken by a party that has not ended (nothing is stored then). */
  create(party: {
    partyId: string;
    code: string;
    state: StoredState;
    host: NewSeat;
    now: number;
    /** The creating instance, whose clock runs the party first. */
    holder: string;
  }): Promise<boolean>;
  /** The party a code opens, while it has not ended. */
  findByCode(code: string): Promise<string | undefined>;
  load(partyId: string): Promise<StoredParty | undefined>;
  /** The stored `seq` alone (a point read): whether `load` would find anything newer. */
  seqOf(partyId: string): Promise<number | undefined>;
  /** Seats `seat` (or finds this userId's seat); at most `max` seats. */
  join(partyId: string, seat: NewSeat, max: number): Promise<JoinResult>;
  /**
   * Stores an answer if the stored state takes it at `now` (acceptsAnswers), with the next `seq`:
   * one transaction holding the party's row, so that an answer and the reveal are never both stored
   * for one round (whichever comes first wins).
   */
  answer(partyId: string, answer: StoredAnswer, now: number): Promise<AnswerResult>;
  /**
   * Stores a phase change (or any change of the state) if the stored `seq` is still `fromSeq`
   * and, for a change the clock makes (`holder`), only while that instance holds the lease; false
   * otherwise. Ending frees the code.
   */
  save(
    partyId: string,
    fromSeq: number,
    change: { seq: number; state: StoredState; ended: boolean },
    holder?: string,
  ): Promise<boolean>;
  /**
   * Stores who is connected, `changes` players' comings and goings at once (one `presence` message
   * each: `seq` grows by `changes`), while `holder` holds the lease; the last of those seqs, or undefined.
   */
  savePresence(
    partyId: string,
    presence: Record<string, number>,
    holder: string,
    changes: number,
  ): Promise<number | undefined>;
  /** Renews every lease `holder` has on open parties until `until`; the parties it holds. */
  renewLeases(holder: string, until: number): Promise<string[]>;
  /** Takes up to `limit` open parties whose lease ran out by `now` (or that have none), until `until`. */
  claimLeases(holder: string, now: number, until: number, limit: number): Promise<string[]>;
  /** Gives up every lease of `holder` (it is closing): another instance claims them at once. */
  releaseLeases(holder: string): Promise<void>;
  kick(partyId: string, playerID: string): Promise<void>;
  /** For the admin: parties with this id or open code, or a player whose name contains `text`; newest first. */
  findForAdmin(text: string, code: string | undefined, limit: number): Promise<AdminPartyRow[]>;
  /** Deletes up to `limit` parties made before `cutoff` (ms), with their seats and answers; their ids. */
  deleteCreatedBefore(cutoff: number, limit: number): Promise<string[]>;
}

/** A party as the admin's search lists it (host: the host's name). */
export interface AdminPartyRow {
  id: string;
  ended: number | boolean;
  state: string;
  created_at: number | string;
  players: number | string;
  host: string | null;
}

export interface PartyRow {
  id: string;
  code: string | null;
  ended: number | boolean;
  seq: number | string;
  state: string;
  clock_holder: string | null;
  presence: string;
}
export interface SeatRow {
  player_id: string;
  user_id: string;
  name: string;
  lang: string;
  seat: number | string;
  from_round: number | string;
  kicked: number | boolean;
}
export interface AnswerRow {
  round: number | string;
  player_id: string;
  answer: number | string;
}

export const seatFromRow = (row: SeatRow): Seat => ({
  playerID: row.player_id,
  userId: row.user_id,
  name: row.name,
  lang: row.lang as Language,
  seat: Number(row.seat),
  fromRound: Number(row.from_round),
  kicked: Boolean(row.kicked),
});

export const partyFromRows = (party: PartyRow, seats: SeatRow[], answers: AnswerRow[]): StoredParty => ({
  partyId: party.id,
  code: party.code,
  ended: Boolean(party.ended),
  seq: Number(party.seq),
  holder: party.clock_holder,
  presence: JSON.parse(party.presence) as Record<string, number>,
  state: JSON.parse(party.state) as StoredState,
  players: seats.map(seatFromRow).sort((a, b) => a.seat - b.seat),
  answers: answers.map((row) => ({ round: Number(row.round), playerID: row.player_id, answer: Number(row.answer) })),
});

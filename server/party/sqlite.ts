import type { Db } from '../db/database.js';
import { acceptsAnswers } from './clock.js';
import {
  type AdminPartyRow,
  type AnswerResult,
  type AnswerRow,
  type AnswerWindow,
  LEASE_MS,
  type NewSeat,
  type PartyRepository,
  type PartyRow,
  partyFromRows,
  type SeatRow,
  type StoredAnswer,
  seatFromRow,
} from './repository.js';

/** A party's data in SQLite. */
export function sqlitePartyRepository(db: Db): PartyRepository {
  const insertParty = db.prepare(
    'INSERT INTO parties (id, code, ended, seq, state, created_at) VALUES (?, ?, 0, 0, ?, ?) ON CONFLICT DO NOTHING',
  );
  const insertClock = db.prepare('INSERT INTO party_clocks (party_id, holder, until) VALUES (?, ?, ?)');
  const deleteClock = db.prepare('DELETE FROM party_clocks WHERE party_id = ?');
  const selectByCode = db.prepare<[string], string>('SELECT id FROM parties WHERE code = ? AND ended = 0').pluck();
  const selectSeq = db.prepare<[string], number>('SELECT seq FROM parties WHERE id = ?').pluck();
  const selectParty = db.prepare<[string], PartyRow>(
    `SELECT p.id, p.code, p.ended, p.seq, p.state, c.holder AS clock_holder, p.presence
     FROM parties p LEFT JOIN party_clocks c ON c.party_id = p.id WHERE p.id = ?`,
  );
  // Only what decides whether an answer is taken, not the whole state (its questions).
  const selectForAnswer = db.prepare<[string], AnswerWindow>(
    `SELECT json_extract(state, '$.phase') AS phase, json_extract(state, '$.round') AS round,
       json_extract(state, '$.deadline') AS deadline
     FROM parties WHERE id = ? AND ended = 0`,
  );
  const bumpSeq = db.prepare<[string], number>('UPDATE parties SET seq = seq + 1 WHERE id = ? RETURNING seq').pluck();
  const updatePresence = db
    .prepare<[number, string, string, string], number>(
      `UPDATE parties SET seq = seq + ?, presence = ?
       WHERE id = ? AND EXISTS (SELECT 1 FROM party_clocks c WHERE c.party_id = parties.id AND c.holder = ?)
       RETURNING seq`,
    )
    .pluck();
  const renew = db
    .prepare<[number, string], string>('UPDATE party_clocks SET until = ? WHERE holder = ? RETURNING party_id')
    .pluck();
  const claim = db
    .prepare<[string, number, number, number], string>(
      `UPDATE party_clocks SET holder = ?, until = ?
       WHERE party_id IN (SELECT party_id FROM party_clocks WHERE until < ? LIMIT ?) RETURNING party_id`,
    )
    .pluck();
  const release = db.prepare('UPDATE party_clocks SET holder = NULL, until = 0 WHERE holder = ?');
  const selectSeats = db.prepare<[string], SeatRow>(
    'SELECT player_id, user_id, name, lang, seat, from_round, kicked FROM party_players WHERE party_id = ?',
  );
  const selectSeat = db.prepare<[string, string], SeatRow>(
    'SELECT player_id, user_id, name, lang, seat, from_round, kicked FROM party_players WHERE party_id = ? AND user_id = ?',
  );
  const countSeats = db.prepare<[string], number>('SELECT count(*) FROM party_players WHERE party_id = ?').pluck();
  const insertSeat = db.prepare(
    `INSERT INTO party_players (party_id, player_id, user_id, name, lang, seat, from_round, kicked)
     VALUES (?, ?, ?, ?, ?, (SELECT coalesce(max(seat) + 1, 0) FROM party_players WHERE party_id = ?), ?, 0)`,
  );
  const selectAnswers = db.prepare<[string], AnswerRow>(
    'SELECT round, player_id, answer FROM party_answers WHERE party_id = ?',
  );
  const insertAnswer = db.prepare(
    'INSERT INTO party_answers (party_id, round, player_id, answer) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const selectAnswer = db
    .prepare<[string, number, string], number>(
      'SELECT answer FROM party_answers WHERE party_id = ? AND round = ? AND player_id = ?',
    )
    .pluck();
  const updateParty = db.prepare(
    `UPDATE parties SET seq = ?, state = ?, ended = ?, code = CASE WHEN ? THEN NULL ELSE code END
     WHERE id = ? AND seq = ?
       AND (? IS NULL OR EXISTS (SELECT 1 FROM party_clocks c WHERE c.party_id = parties.id AND c.holder = ?))`,
  );
  const kickSeat = db.prepare('UPDATE party_players SET kicked = 1 WHERE party_id = ? AND player_id = ?');
  const selectForAdmin = db.prepare<[string, string | null, string, number], AdminPartyRow>(
    `SELECT p.id, p.ended, p.state, p.created_at,
       (SELECT count(*) FROM party_players s WHERE s.party_id = p.id AND s.kicked = 0) AS players,
       (SELECT name FROM party_players s WHERE s.party_id = p.id AND s.player_id = json_extract(p.state, '$.hostId')) AS host
     FROM parties p
     WHERE p.id = ? OR p.code = ?
        OR EXISTS (SELECT 1 FROM party_players s WHERE s.party_id = p.id AND instr(lower(s.name), lower(?)) > 0)
     ORDER BY p.created_at DESC LIMIT ?`,
  );
  const deleteOld = db
    .prepare<[number, number], string>(
      'DELETE FROM parties WHERE id IN (SELECT id FROM parties WHERE created_at < ? LIMIT ?) RETURNING id',
    )
    .pluck();

  const addSeat = (partyId: string, seat: NewSeat) =>
    insertSeat.run(partyId, seat.playerID, seat.userId, seat.name, seat.lang, partyId, seat.fromRound);

  const create = db.transaction(
    (partyId: string, code: string, state: string, host: NewSeat, now: number, holder: string) => {
      if (insertParty.run(partyId, code, state, now).changes === 0) return false;
      insertClock.run(partyId, holder, now + LEASE_MS);
      addSeat(partyId, host);
      return true;
    },
  );
  const join = db.transaction((partyId: string, seat: NewSeat, max: number) => {
    if (!selectParty.get(partyId)) return { status: 'missing' as const };
    const existing = selectSeat.get(partyId, seat.userId);
    if (existing) return { status: 'existing' as const, seat: seatFromRow(existing) };
    if ((countSeats.get(partyId) ?? 0) >= max) return { status: 'full' as const };
    addSeat(partyId, seat);
    return { status: 'joined' as const, seat: seatFromRow(selectSeat.get(partyId, seat.userId) as SeatRow) };
  });
  // One synchronous transaction: nothing else writes the party between the check and the insert.
  const answer = db.transaction((partyId: string, { round, playerID, answer }: StoredAnswer, now: number) => {
    const stored = selectAnswer.get(partyId, round, playerID);
    if (stored !== undefined) return { status: stored === answer ? 'same' : 'different' } satisfies AnswerResult;
    const party = selectForAnswer.get(partyId);
    if (!party || !acceptsAnswers(party, round, now)) {
      return { status: 'closed' } satisfies AnswerResult;
    }
    insertAnswer.run(partyId, round, playerID, answer);
    return { status: 'stored', seq: bumpSeq.get(partyId) as number } satisfies AnswerResult;
  });

  // An ended party's clock goes with its lease: nothing is left to run or renew.
  const save = db.transaction(
    (partyId: string, fromSeq: number, seq: number, state: string, ended: boolean, holder: string | null) => {
      const flag = ended ? 1 : 0;
      if (updateParty.run(seq, state, flag, flag, partyId, fromSeq, holder, holder).changes === 0) return false;
      if (ended) deleteClock.run(partyId);
      return true;
    },
  );
  return {
    async create({ partyId, code, state, host, now, holder }) {
      return create(partyId, code, JSON.stringify(state), host, now, holder);
    },
    async findByCode(code) {
      return selectByCode.get(code);
    },
    async seqOf(partyId) {
      return selectSeq.get(partyId);
    },
    async load(partyId) {
      const party = selectParty.get(partyId);
      if (!party) return undefined;
      return partyFromRows(party, selectSeats.all(partyId), selectAnswers.all(partyId));
    },
    async join(partyId, seat, max) {
      return join(partyId, seat, max);
    },
    async answer(partyId, stored, now) {
      return answer(partyId, stored, now);
    },
    async save(partyId, fromSeq, { seq, state, ended }, holder) {
      return save(partyId, fromSeq, seq, JSON.stringify(state), ended, holder ?? null);
    },
    async savePresence(partyId, presence, holder, changes) {
      return updatePresence.get(changes, JSON.stringify(presence), partyId, holder);
    },
    async renewLeases(holder, until) {
      return renew.all(until, holder);
    },
    async claimLeases(holder, now, until, limit) {
      return claim.all(holder, until, now, limit);
    },
    async releaseLeases(holder) {
      release.run(holder);
    },
    async kick(partyId, playerID) {
      kickSeat.run(partyId, playerID);
    },
    async findForAdmin(text, code, limit) {
      return selectForAdmin.all(text, code ?? null, text, limit);
    },
    async deleteCreatedBefore(cutoff, limit) {
      return deleteOld.all(cutoff, limit);
    },
  };
}

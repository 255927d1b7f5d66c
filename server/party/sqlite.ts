import type { Db } from '../db/database.js';
import {
  type AdminPartyRow,
  type AnswerRow,
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
  const selectByCode = db.prepare<[string], string>('SELECT id FROM parties WHERE code = ? AND ended = 0').pluck();
  const selectParty = db.prepare<[string], PartyRow>('SELECT id, code, ended, seq, state FROM parties WHERE id = ?');
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
     WHERE id = ? AND seq = ?`,
  );
  const kickSeat = db.prepare('UPDATE party_players SET kicked = 1 WHERE party_id = ? AND player_id = ?');
  const selectOpen = db.prepare<[], string>('SELECT id FROM parties WHERE ended = 0').pluck();
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

  const create = db.transaction((partyId: string, code: string, state: string, host: NewSeat, now: number) => {
    if (insertParty.run(partyId, code, state, now).changes === 0) return false;
    addSeat(partyId, host);
    return true;
  });
  const join = db.transaction((partyId: string, seat: NewSeat, max: number) => {
    if (!selectParty.get(partyId)) return { status: 'missing' as const };
    const existing = selectSeat.get(partyId, seat.userId);
    if (existing) return { status: 'existing' as const, seat: seatFromRow(existing) };
    if ((countSeats.get(partyId) ?? 0) >= max) return { status: 'full' as const };
    addSeat(partyId, seat);
    return { status: 'joined' as const, seat: seatFromRow(selectSeat.get(partyId, seat.userId) as SeatRow) };
  });
  const answer = db.transaction((partyId: string, { round, playerID, answer }: StoredAnswer) => {
    if (insertAnswer.run(partyId, round, playerID, answer).changes > 0) return 'stored' as const;
    return selectAnswer.get(partyId, round, playerID) === answer ? ('same' as const) : ('different' as const);
  });

  return {
    async create({ partyId, code, state, host, now }) {
      return create(partyId, code, JSON.stringify(state), host, now);
    },
    async findByCode(code) {
      return selectByCode.get(code);
    },
    async load(partyId) {
      const party = selectParty.get(partyId);
      if (!party) return undefined;
      return partyFromRows(party, selectSeats.all(partyId), selectAnswers.all(partyId));
    },
    async join(partyId, seat, max) {
      return join(partyId, seat, max);
    },
    async answer(partyId, stored) {
      return answer(partyId, stored);
    },
    async save(partyId, fromSeq, { seq, state, ended }) {
      const endedFlag = ended ? 1 : 0;
      return updateParty.run(seq, JSON.stringify(state), endedFlag, endedFlag, partyId, fromSeq).changes > 0;
    },
    async kick(partyId, playerID) {
      kickSeat.run(partyId, playerID);
    },
    async openParties() {
      return selectOpen.all();
    },
    async findForAdmin(text, code, limit) {
      return selectForAdmin.all(text, code ?? null, text, limit);
    },
    async deleteCreatedBefore(cutoff, limit) {
      return deleteOld.all(cutoff, limit);
    },
  };
}

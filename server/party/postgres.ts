import { inTransaction, type Pool } from '../db/postgres.js';
import {
  type AdminPartyRow,
  type AnswerRow,
  type PartyRepository,
  type PartyRow,
  partyFromRows,
  type SeatRow,
  seatFromRow,
} from './repository.js';

/** A party's statements; the same queries as sqlite.ts. */
const sql = {
  insertParty: `INSERT INTO parties (id, code, ended, seq, state, created_at) VALUES ($1, $2, FALSE, 0, $3, $4)
    ON CONFLICT DO NOTHING`,
  selectByCode: 'SELECT id FROM parties WHERE code = $1 AND NOT ended',
  selectParty: 'SELECT id, code, ended, seq, state FROM parties WHERE id = $1',
  // Locks the party's row: seats of one party are counted one at a time, on every instance.
  lockParty: 'SELECT id FROM parties WHERE id = $1 FOR UPDATE',
  selectSeats: 'SELECT player_id, user_id, name, lang, seat, from_round, kicked FROM party_players WHERE party_id = $1',
  selectSeat:
    'SELECT player_id, user_id, name, lang, seat, from_round, kicked FROM party_players WHERE party_id = $1 AND user_id = $2',
  countSeats: 'SELECT count(*) AS count FROM party_players WHERE party_id = $1',
  insertSeat: `INSERT INTO party_players (party_id, player_id, user_id, name, lang, seat, from_round, kicked)
    VALUES ($1, $2, $3, $4, $5, (SELECT coalesce(max(seat) + 1, 0) FROM party_players WHERE party_id = $1), $6, FALSE)
    RETURNING player_id, user_id, name, lang, seat, from_round, kicked`,
  selectAnswers: 'SELECT round, player_id, answer FROM party_answers WHERE party_id = $1',
  insertAnswer: `INSERT INTO party_answers (party_id, round, player_id, answer) VALUES ($1, $2, $3, $4)
    ON CONFLICT DO NOTHING`,
  selectAnswer: 'SELECT answer FROM party_answers WHERE party_id = $1 AND round = $2 AND player_id = $3',
  updateParty: `UPDATE parties SET seq = $1, state = $2, ended = $3, code = CASE WHEN $3 THEN NULL ELSE code END
    WHERE id = $4 AND seq = $5`,
  kickSeat: 'UPDATE party_players SET kicked = TRUE WHERE party_id = $1 AND player_id = $2',
  selectOpen: 'SELECT id FROM parties WHERE NOT ended',
  selectForAdmin: `SELECT p.id, p.ended, p.state, p.created_at,
      (SELECT count(*) FROM party_players s WHERE s.party_id = p.id AND NOT s.kicked) AS players,
      (SELECT name FROM party_players s WHERE s.party_id = p.id AND s.player_id = p.state::json->>'hostId') AS host
    FROM parties p
    WHERE p.id = $1 OR p.code = $2
       OR EXISTS (SELECT 1 FROM party_players s WHERE s.party_id = p.id AND strpos(lower(s.name), lower($1)) > 0)
    ORDER BY p.created_at DESC LIMIT $3`,
  deleteOld: 'DELETE FROM parties WHERE id IN (SELECT id FROM parties WHERE created_at < $1 LIMIT $2) RETURNING id',
} as const;

type Statement = keyof typeof sql;
const query = (name: Statement, values: unknown[]) => ({ name: `party-${name}`, text: sql[name], values });

/** A party's data in PostgreSQL. */
export function postgresPartyRepository(pool: Pool): PartyRepository {
  return {
    async create({ partyId, code, state, host, now }) {
      return inTransaction(pool, async (client) => {
        const inserted = await client.query(query('insertParty', [partyId, code, JSON.stringify(state), now]));
        if (inserted.rowCount === 0) return false;
        await client.query(
          query('insertSeat', [partyId, host.playerID, host.userId, host.name, host.lang, host.fromRound]),
        );
        return true;
      });
    },
    async findByCode(code) {
      const { rows } = await pool.query<{ id: string }>(query('selectByCode', [code]));
      return rows[0]?.id;
    },
    async load(partyId) {
      const { rows } = await pool.query<PartyRow>(query('selectParty', [partyId]));
      if (!rows[0]) return undefined;
      const [seats, answers] = await Promise.all([
        pool.query<SeatRow>(query('selectSeats', [partyId])),
        pool.query<AnswerRow>(query('selectAnswers', [partyId])),
      ]);
      return partyFromRows(rows[0], seats.rows, answers.rows);
    },
    async join(partyId, seat, max) {
      return inTransaction(pool, async (client) => {
        const party = await client.query(query('lockParty', [partyId]));
        if (party.rowCount === 0) return { status: 'missing' as const };
        const existing = await client.query<SeatRow>(query('selectSeat', [partyId, seat.userId]));
        if (existing.rows[0]) return { status: 'existing' as const, seat: seatFromRow(existing.rows[0]) };
        const count = await client.query<{ count: string }>(query('countSeats', [partyId]));
        if (Number(count.rows[0].count) >= max) return { status: 'full' as const };
        const { rows } = await client.query<SeatRow>(
          query('insertSeat', [partyId, seat.playerID, seat.userId, seat.name, seat.lang, seat.fromRound]),
        );
        return { status: 'joined' as const, seat: seatFromRow(rows[0]) };
      });
    },
    async answer(partyId, { round, playerID, answer }) {
      const inserted = await pool.query(query('insertAnswer', [partyId, round, playerID, answer]));
      if ((inserted.rowCount ?? 0) > 0) return 'stored';
      const { rows } = await pool.query<{ answer: number }>(query('selectAnswer', [partyId, round, playerID]));
      return rows[0]?.answer === answer ? 'same' : 'different';
    },
    async save(partyId, fromSeq, { seq, state, ended }) {
      const { rowCount } = await pool.query(
        query('updateParty', [seq, JSON.stringify(state), ended, partyId, fromSeq]),
      );
      return (rowCount ?? 0) > 0;
    },
    async kick(partyId, playerID) {
      await pool.query(query('kickSeat', [partyId, playerID]));
    },
    async openParties() {
      const { rows } = await pool.query<{ id: string }>(query('selectOpen', []));
      return rows.map((row) => row.id);
    },
    async findForAdmin(text, code, limit) {
      const { rows } = await pool.query<AdminPartyRow>(query('selectForAdmin', [text, code ?? null, limit]));
      return rows;
    },
    async deleteCreatedBefore(cutoff, limit) {
      const { rows } = await pool.query<{ id: string }>(query('deleteOld', [cutoff, limit]));
      return rows.map((row) => row.id);
    },
  };
}

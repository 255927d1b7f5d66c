import { inTransaction, type Pool } from '../db/postgres.js';
import { acceptsAnswers } from './clock.js';
import {
  type AdminPartyRow,
  type AnswerResult,
  type AnswerRow,
  type AnswerWindow,
  LEASE_MS,
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
  insertClock: 'INSERT INTO party_clocks (party_id, holder, until) VALUES ($1, $2, $3)',
  selectByCode: 'SELECT id FROM parties WHERE code = $1 AND NOT ended',
  selectSeq: 'SELECT seq FROM parties WHERE id = $1',
  selectParty: `SELECT p.id, p.code, p.ended, p.seq, p.state, c.holder AS clock_holder, p.presence
    FROM parties p LEFT JOIN party_clocks c ON c.party_id = p.id WHERE p.id = $1`,
  // Holds the party's row until the answer is in: the reveal's update waits for it, or it sees the reveal.
  lockForAnswer: `SELECT state::json->>'phase' AS phase, (state::json->>'round')::int AS round,
      (state::json->>'deadline')::bigint AS deadline
    FROM parties WHERE id = $1 AND NOT ended FOR UPDATE`,
  bumpSeq: 'UPDATE parties SET seq = seq + 1 WHERE id = $1 RETURNING seq',
  updatePresence: `UPDATE parties SET seq = seq + $4, presence = $1
    WHERE id = $2 AND EXISTS (SELECT 1 FROM party_clocks c WHERE c.party_id = $2 AND c.holder = $3) RETURNING seq`,
  renew: 'UPDATE party_clocks SET until = $1 WHERE holder = $2 RETURNING party_id AS id',
  // SKIP LOCKED: instances claiming at the same moment take different parties instead of waiting.
  claim: `UPDATE party_clocks SET holder = $1, until = $2
    WHERE party_id IN (SELECT party_id FROM party_clocks WHERE until < $3 LIMIT $4 FOR UPDATE SKIP LOCKED)
      AND until < $3
    RETURNING party_id AS id`,
  release: 'UPDATE party_clocks SET holder = NULL, until = 0 WHERE holder = $1',
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
  // An ended party's clock goes with its lease: nothing is left to run or renew.
  updateParty: `WITH changed AS (
      UPDATE parties SET seq = $1, state = $2, ended = $3, code = CASE WHEN $3 THEN NULL ELSE code END
      WHERE id = $4 AND seq = $5
        AND ($6::text IS NULL OR EXISTS (SELECT 1 FROM party_clocks c WHERE c.party_id = $4 AND c.holder = $6))
      RETURNING id
    ), gone AS (DELETE FROM party_clocks WHERE $3 AND party_id IN (SELECT id FROM changed))
    SELECT id FROM changed`,
  kickSeat: 'UPDATE party_players SET kicked = TRUE WHERE party_id = $1 AND player_id = $2',
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
    async create({ partyId, code, state, host, now, holder }) {
      return inTransaction(pool, async (client) => {
        const inserted = await client.query(query('insertParty', [partyId, code, JSON.stringify(state), now]));
        if (inserted.rowCount === 0) return false;
        await client.query(query('insertClock', [partyId, holder, now + LEASE_MS]));
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
    async seqOf(partyId) {
      const { rows } = await pool.query<{ seq: string }>(query('selectSeq', [partyId]));
      return rows[0] ? Number(rows[0].seq) : undefined;
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
    async answer(partyId, { round, playerID, answer }, now) {
      return inTransaction(pool, async (client): Promise<AnswerResult> => {
        const party = await client.query<AnswerWindow>(query('lockForAnswer', [partyId]));
        const before = await client.query<{ answer: number }>(query('selectAnswer', [partyId, round, playerID]));
        if (before.rows[0]) return { status: before.rows[0].answer === answer ? 'same' : 'different' };
        const window = party.rows[0];
        if (!window) return { status: 'closed' };
        // bigint comes back as a string.
        const deadline = window.deadline === null ? null : Number(window.deadline);
        if (!acceptsAnswers({ ...window, deadline }, round, now)) return { status: 'closed' };
        await client.query(query('insertAnswer', [partyId, round, playerID, answer]));
        const { rows } = await client.query<{ seq: number }>(query('bumpSeq', [partyId]));
        return { status: 'stored', seq: Number(rows[0].seq) };
      });
    },
    async save(partyId, fromSeq, { seq, state, ended }, holder) {
      const { rows } = await pool.query(
        query('updateParty', [seq, JSON.stringify(state), ended, partyId, fromSeq, holder ?? null]),
      );
      return rows.length > 0;
    },
    async savePresence(partyId, presence, holder, changes) {
      const { rows } = await pool.query<{ seq: number }>(
        query('updatePresence', [JSON.stringify(presence), partyId, holder, changes]),
      );
      return rows[0] === undefined ? undefined : Number(rows[0].seq);
    },
    async renewLeases(holder, until) {
      const { rows } = await pool.query<{ id: string }>(query('renew', [until, holder]));
      return rows.map((row) => row.id);
    },
    async claimLeases(holder, now, until, limit) {
      const { rows } = await pool.query<{ id: string }>(query('claim', [holder, until, now, limit]));
      return rows.map((row) => row.id);
    },
    async releaseLeases(holder) {
      await pool.query(query('release', [holder]));
    },
    async kick(partyId, playerID) {
      await pool.query(query('kickSeat', [partyId, playerID]));
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

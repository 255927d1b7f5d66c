import { inTransaction, type Pool } from '../db/postgres.js';
import {
  containsPattern,
  REPORT_COUNTS,
  REPORTED_GAME_COLUMNS,
  type ReportedGameRow,
  type ReportRepository,
  type ReportRow,
  reportedGameFromRow,
  reportFromRow,
} from './repository.js';

/** The statements of sqlite.ts, in PostgreSQL. */
const sql = {
  // FOR KEY SHARE: a deletion of the game waits for this report (or the report sees the game gone).
  lockGame: 'SELECT 1 FROM games WHERE id = $1 FOR KEY SHARE',
  purgeQuota: 'DELETE FROM report_quota WHERE day < $1',
  takeQuota: `INSERT INTO report_quota (address_hash, day, reports) VALUES ($1, $2, 1)
    ON CONFLICT (address_hash, day) DO UPDATE SET reports = report_quota.reports + 1 WHERE report_quota.reports < $3
    RETURNING reports`,
  insertReport: 'INSERT INTO game_reports (game_id, reason, note, created_at) VALUES ($1, $2, $3, $4)',
  selectReported: `SELECT ${REPORTED_GAME_COLUMNS} FROM games g JOIN (${REPORT_COUNTS}) rep ON rep.game_id = g.id
    ORDER BY rep.reports DESC, rep.last_reported_at DESC, g.id COLLATE "C" LIMIT $1`,
  selectFound: `SELECT ${REPORTED_GAME_COLUMNS} FROM games g LEFT JOIN (${REPORT_COUNTS}) rep ON rep.game_id = g.id
    WHERE g.id = $1 OR g.creator_name ILIKE $2 ESCAPE '\\'
    ORDER BY g.id = $1 DESC, g.created_at DESC, g.id COLLATE "C" LIMIT $3`,
  selectReports:
    'SELECT reason, note, created_at FROM game_reports WHERE game_id = $1 ORDER BY created_at DESC, id DESC',
} as const;

type Statement = keyof typeof sql;
const query = (name: Statement, values: unknown[]) => ({ name: `reports-${name}`, text: sql[name], values });

/** Reports in PostgreSQL. */
export function postgresReportRepository(pool: Pool): ReportRepository {
  return {
    async addReport(report, quota) {
      return inTransaction(pool, async (client) => {
        if (!(await client.query(query('lockGame', [report.gameId]))).rowCount) return 'missing' as const;
        await client.query(query('purgeQuota', [quota.day]));
        const taken = await client.query(query('takeQuota', [quota.addressHash, quota.day, quota.max]));
        if (!taken.rowCount) return 'too-many' as const;
        await client.query(query('insertReport', [report.gameId, report.reason, report.note ?? null, Date.now()]));
        return 'stored' as const;
      });
    },
    async listReportedGames(limit) {
      const { rows } = await pool.query<ReportedGameRow>(query('selectReported', [limit]));
      return rows.map(reportedGameFromRow);
    },
    async findGames(text, limit) {
      const { rows } = await pool.query<ReportedGameRow>(query('selectFound', [text, containsPattern(text), limit]));
      return rows.map(reportedGameFromRow);
    },
    async listReports(gameId) {
      const { rows } = await pool.query<ReportRow>(query('selectReports', [gameId]));
      return rows.map(reportFromRow);
    },
  };
}

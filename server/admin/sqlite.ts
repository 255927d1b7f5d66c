import type { Db } from '../db/database.js';
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

/** Reports in SQLite: the same queries as postgres.ts. */
export function sqliteReportRepository(db: Db): ReportRepository {
  const selectGame = db.prepare<[string], number>('SELECT 1 FROM games WHERE id = ?');
  const purgeQuota = db.prepare('DELETE FROM report_quota WHERE day < ?');
  // No row back when the address already has `max` reports today: the count is not raised.
  const takeQuota = db.prepare<[string, number, number], { reports: number }>(
    `INSERT INTO report_quota (address_hash, day, reports) VALUES (?, ?, 1)
     ON CONFLICT (address_hash, day) DO UPDATE SET reports = reports + 1 WHERE reports < ?
     RETURNING reports`,
  );
  const insertReport = db.prepare('INSERT INTO game_reports (game_id, reason, note, created_at) VALUES (?, ?, ?, ?)');
  const selectReported = db.prepare<[number], ReportedGameRow>(
    `SELECT ${REPORTED_GAME_COLUMNS} FROM games g JOIN (${REPORT_COUNTS}) rep ON rep.game_id = g.id
     ORDER BY rep.reports DESC, rep.last_reported_at DESC, g.id LIMIT ?`,
  );
  // LIKE is case-insensitive in SQLite (for ASCII letters), as ILIKE is in PostgreSQL.
  const selectFound = db.prepare<[string, string, string, number], ReportedGameRow>(
    `SELECT ${REPORTED_GAME_COLUMNS} FROM games g LEFT JOIN (${REPORT_COUNTS}) rep ON rep.game_id = g.id
     WHERE g.id = ? OR g.creator_name LIKE ? ESCAPE '\\'
     ORDER BY g.id = ? DESC, g.created_at DESC, g.id LIMIT ?`,
  );
  const selectReports = db.prepare<[string], ReportRow>(
    'SELECT reason, note, created_at FROM game_reports WHERE game_id = ? ORDER BY created_at DESC, id DESC',
  );

  const addReport = db.transaction((...[report, quota]: Parameters<ReportRepository['addReport']>) => {
    if (selectGame.get(report.gameId) === undefined) return 'missing' as const;
    purgeQuota.run(quota.day);
    if (takeQuota.get(quota.addressHash, quota.day, quota.max) === undefined) return 'too-many' as const;
    insertReport.run(report.gameId, report.reason, report.note ?? null, Date.now());
    return 'stored' as const;
  });

  return {
    async addReport(report, quota) {
      return addReport.immediate(report, quota);
    },
    async listReportedGames(limit) {
      return selectReported.all(limit).map(reportedGameFromRow);
    },
    async findGames(text, limit) {
      return selectFound.all(text, containsPattern(text), text, limit).map(reportedGameFromRow);
    },
    async listReports(gameId) {
      return selectReports.all(gameId).map(reportFromRow);
    },
  };
}

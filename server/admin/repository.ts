import type { Edition } from '../../shared/product.js';
import type { ReportReason } from '../../shared/reports.js';

export interface NewReport {
  gameId: string;
  reason: ReportReason;
  /** Cleaned; undefined when none was given. */
  note?: string;
}

/** The daily cap of one client address: who (a hash), which UTC day, and how many reports at most. */
export interface ReportQuota {
  addressHash: string;
  /** Days since the epoch (UTC). */
  day: number;
  max: number;
}

/** `stored`; `too-many`: the address has sent its day's reports; `missing`: the game is gone. */
export type AddReportResult = 'stored' | 'too-many' | 'missing';

export interface StoredReport {
  reason: ReportReason;
  note?: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
}

/** A game as the admin finds it: its summary and how often it was reported. */
export interface ReportedGameSummary {
  id: string;
  edition: Edition;
  creatorName: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** Friends on the board, removed ones left out. */
  players: number;
  reports: number;
  reasons: Record<ReportReason, number>;
  /** Milliseconds since the epoch; 0 for a game never reported. */
  lastReportedAt: number;
}

/** Reports of games and what the admin reads; implemented once per database. */
export interface ReportRepository {
  /** Stores a report if the address has quota left today and the game exists, in one transaction. */
  addReport(report: NewReport, quota: ReportQuota): Promise<AddReportResult>;
  /** Games with at least one report, most reported first (newest report first among equals). */
  listReportedGames(limit: number): Promise<ReportedGameSummary[]>;
  /** The game with this id, and games whose creator's name contains `text` (any case), newest first. */
  findGames(text: string, limit: number): Promise<ReportedGameSummary[]>;
  /** A game's reports, newest first. */
  listReports(gameId: string): Promise<StoredReport[]>;
}

/** A row of listReportedGames or findGames, as every database returns it. */
export interface ReportedGameRow {
  id: string;
  edition: Edition;
  creator_name: string;
  created_at: number;
  players: number;
  reports: number;
  offensive_questions: number;
  offensive_names: number;
  spam: number;
  other: number;
  last_reported_at: number | null;
}

export const reportedGameFromRow = (row: ReportedGameRow): ReportedGameSummary => ({
  id: row.id,
  edition: row.edition,
  creatorName: row.creator_name,
  createdAt: Number(row.created_at),
  players: Number(row.players),
  reports: Number(row.reports),
  reasons: {
    'offensive-questions': Number(row.offensive_questions),
    'offensive-names': Number(row.offensive_names),
    spam: Number(row.spam),
    other: Number(row.other),
  },
  lastReportedAt: Number(row.last_reported_at ?? 0),
});

export interface ReportRow {
  reason: ReportReason;
  note: string | null;
  created_at: number;
}

export const reportFromRow = (row: ReportRow): StoredReport => ({
  reason: row.reason,
  ...(row.note === null ? {} : { note: row.note }),
  createdAt: Number(row.created_at),
});

/**
 * The columns of a game's summary with its report counts, for `FROM games g`: the same SQL on
 * both databases (count(*) FILTER is in SQLite since 3.30).
 */
export const REPORTED_GAME_COLUMNS = `g.id, g.edition, g.creator_name, g.created_at,
  (SELECT count(*) FROM responses r WHERE r.game_id = g.id AND r.removed_at IS NULL) AS players,
  coalesce(rep.reports, 0) AS reports, coalesce(rep.offensive_questions, 0) AS offensive_questions,
  coalesce(rep.offensive_names, 0) AS offensive_names, coalesce(rep.spam, 0) AS spam,
  coalesce(rep.other, 0) AS other, rep.last_reported_at`;

/** The report counts of every game, joined as `rep` (games without reports get zeros through coalesce). */
export const REPORT_COUNTS = `SELECT game_id, count(*) AS reports,
    count(*) FILTER (WHERE reason = 'offensive-questions') AS offensive_questions,
    count(*) FILTER (WHERE reason = 'offensive-names') AS offensive_names,
    count(*) FILTER (WHERE reason = 'spam') AS spam,
    count(*) FILTER (WHERE reason = 'other') AS other,
    max(created_at) AS last_reported_at
  FROM game_reports GROUP BY game_id`;

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally (ESCAPE '\\'). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

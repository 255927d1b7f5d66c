/** Reports of games (POST report-game): zod-free, so the client may import these values. */

/** Why a game is reported. */
export const REPORT_REASONS = ['offensive-questions', 'offensive-names', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** A report's note, cleaned as names are, at most this many characters. */
export const REPORT_NOTE_MAX_LENGTH = 500;

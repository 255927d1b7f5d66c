/**
 * Where the API table (shared/api.ts) lives: every call is `{API_PREFIX}/{name}`, the live
 * channel `{API_PREFIX}/live/{gameId}`. Its own file, without zod, because the client's bundle
 * needs this value and not the table's schemas; shared/api.ts re-exports it with the table.
 */
export const API_PREFIX = '/prod';

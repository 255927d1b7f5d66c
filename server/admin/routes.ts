import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError, NOTHING_HERE, notFound, unknownGame } from '../errors.js';
import type { GameCache } from '../games/cache.js';
import { endpoint } from '../http/endpoint.js';
import type { PartyModeration } from '../party/moderation.js';
import { type AdminAuth, WRONG_ADMIN_TOKEN } from './auth.js';
import type { Moderation } from './moderation.js';
import type { ReportRepository } from './repository.js';

/** Reports one client address may send per UTC day. */
export const REPORTS_PER_ADDRESS_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60_000;

export interface ReportRoutesOptions {
  reports: ReportRepository;
  cache: GameCache;
  now?: () => number;
}

/**
 * The quota's key: the address hashed with its day, so the table never holds an address and one
 * day's keys say nothing about another's.
 */
const quotaKey = (address: string, day: number) => createHash('sha256').update(`${day}:${address}`).digest('hex');

/** POST report-game: anyone who sees a game may report it. */
export const reportRoutes: FastifyPluginAsync<ReportRoutesOptions> = async (
  app,
  { reports, cache, now = Date.now },
) => {
  endpoint(app, 'report-game', async ({ gameId, reason, note }, request) => {
    if (!(await cache.findGame(gameId))) throw unknownGame();
    const day = Math.floor(now() / DAY_MS);
    const result = await reports.addReport(
      { gameId, reason, note: note === '' ? undefined : note },
      { addressHash: quotaKey(request.ip, day), day, max: REPORTS_PER_ADDRESS_PER_DAY },
    );
    if (result === 'missing') throw unknownGame();
    if (result === 'too-many') {
      throw new HttpError(429, 'too_many_reports', 'Too many reports from your network today; try again tomorrow.');
    }
    request.log.info({ gameId, reason }, 'game reported');
    return { ok: true as const };
  });
};

export interface AdminRoutesOptions {
  /** Undefined without ADMIN_TOKEN: every admin call is then 404, as if it did not exist. */
  auth: AdminAuth | undefined;
  moderation: Moderation;
  parties: PartyModeration;
}

/** The bearer token of an Authorization header. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^Bearer +(\S+) *$/i.exec(header);
  return match?.[1];
}

/** The admin's calls under /prod/admin/, with `Authorization: Bearer <ADMIN_TOKEN>`. */
export const adminRoutes: FastifyPluginAsync<AdminRoutesOptions> = async (app, { auth, moderation, parties }) => {
  app.addHook('onRequest', async (request) => {
    if (!auth) throw notFound(NOTHING_HERE.code, NOTHING_HERE.message);
    if (!auth.verify(bearerToken(request.headers.authorization), request.ip)) {
      request.log.warn({ url: request.url }, 'admin: wrong or missing token');
      throw new HttpError(401, 'admin_token_wrong', WRONG_ADMIN_TOKEN);
    }
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  endpoint(app, 'admin/reports', async () => ({ games: await moderation.reportedGames() }));

  endpoint(app, 'admin/games', async ({ q }) => ({ games: await moderation.findGames(q) }));

  endpoint(app, 'admin/delete-game', async ({ gameId }, request) => {
    if (!(await moderation.deleteGame(gameId))) throw unknownGame();
    request.log.info({ gameId, action: 'delete-game' }, 'admin: game deleted');
    return { ok: true as const };
  });

  endpoint(app, 'admin/remove-player', async ({ gameId, playerID }, request) => {
    if (!(await moderation.removePlayer(gameId, playerID)))
      throw notFound('unknown_friend', 'There is no such friend in this game.');
    request.log.info({ gameId, playerID, action: 'remove-player' }, 'admin: friend removed');
    return { ok: true as const };
  });

  endpoint(app, 'admin/parties', async ({ q }) => ({ parties: await parties.find(q) }));

  endpoint(app, 'admin/end-party', async ({ partyId }, request) => {
    if (!(await parties.end(partyId))) throw notFound('party_not_found', 'No open party has this id.');
    request.log.info({ partyId, action: 'end-party' }, 'admin: party ended');
    return { ok: true as const };
  });

  endpoint(app, 'admin/remove-note', async ({ gameId, playerID }, request) => {
    if (!(await moderation.removeNote(gameId, playerID)))
      throw notFound('unknown_note', 'This friend left no note in this game.');
    request.log.info({ gameId, playerID, action: 'remove-note' }, 'admin: note removed');
    return { ok: true as const };
  });
};

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { gameIdSchema } from '../../shared/api.js';
import { partyIdSchema } from '../../shared/party.js';
import { HttpError, NOTHING_HERE } from '../errors.js';
import type { PartyModeration } from '../party/moderation.js';
import { ADMIN_SESSION_MS, type AdminAuth } from './auth.js';
import { ADMIN_CSS, dashboard, gameDetails, html, page, signInForm } from './html.js';
import type { Moderation } from './moderation.js';

export interface AdminPageOptions {
  /** Undefined without ADMIN_TOKEN: every /admin address is then 404. */
  auth: AdminAuth | undefined;
  moderation: Moderation;
  parties: PartyModeration;
}

const COOKIE = 'wavelength_admin';

function cookieOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

/** Secure when the page is served over HTTPS (directly, or behind a trusted proxy that says so). */
function sessionCookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${COOKIE}=${value}; Path=/admin; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}

const formField = (body: unknown, name: string): string | undefined => {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/**
 * The /admin page, rendered on the server (no script, nothing in the client's bundle): sign in
 * with ADMIN_TOKEN into a signed HttpOnly, SameSite=Strict cookie; list reported games, find
 * games, look at one, delete it or remove a friend. Forms post back here; the cookie is sent
 * only by pages of this site (SameSite=Strict), and a post from another origin is refused.
 */
export const adminPage: FastifyPluginAsync<AdminPageOptions> = async (app, { auth, moderation, parties }) => {
  if (!auth) {
    // No admin at all: the addresses answer as any address with nothing there, before any body is
    // read (a form post would otherwise meet the API's JSON-only parser and answer 400).
    const nothing = async (_request: FastifyRequest, reply: FastifyReply) => reply.status(404).send(NOTHING_HERE);
    app.all('/admin', { onRequest: nothing }, nothing);
    app.all('/admin/*', { onRequest: nothing }, nothing);
    return;
  }

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-robots-tag', 'noindex, nofollow');
    reply.header('cache-control', 'no-store');
    // Not the site's no-referrer: with it, browsers send "Origin: null" on the page's own forms.
    reply.header('referrer-policy', 'same-origin');
    if (request.method === 'POST') {
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) {
        throw new HttpError(403, 'admin_form_elsewhere', 'This form can only be sent from the admin page itself.');
      }
    }
  });

  const signedIn = (request: FastifyRequest) => auth.validSession(cookieOf(request));
  const send = (reply: FastifyReply, status: number, title: string, body: ReturnType<typeof html>, isIn = true) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .send(page(title, body, isIn));
  const askToSignIn = (reply: FastifyReply, status = 401, problem?: string) =>
    send(reply, status, 'Sign in', signInForm(problem), false);
  const goTo = (reply: FastifyReply, url: string) => reply.redirect(url, 303);

  // Any other address under /admin is nothing (not the players' app, which would say "Nothing here").
  app.all('/admin/*', async (_request, reply) => reply.status(404).send(NOTHING_HERE));

  app.get('/admin/admin.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(ADMIN_CSS),
  );

  app.get<{ Querystring: { q?: string; deleted?: string; ended?: string } }>('/admin', async (request, reply) => {
    if (!signedIn(request)) return askToSignIn(reply, 200);
    const query = typeof request.query.q === 'string' ? request.query.q.trim().slice(0, 100) : '';
    const [reported, found, foundParties] = await Promise.all([
      moderation.reportedGames(),
      query === '' ? undefined : moderation.findGames(query),
      query === '' ? undefined : parties.find(query),
    ]);
    const { deleted, ended } = request.query;
    const notice =
      typeof deleted === 'string'
        ? `Game ${deleted} deleted.`
        : typeof ended === 'string'
          ? `Party ${ended} ended.`
          : undefined;
    return send(reply, 200, 'Games', dashboard({ reported, query, found, parties: foundParties, notice }));
  });

  app.post<{ Params: { partyId: string } }>('/admin/parties/:partyId/end', async (request, reply) => {
    if (!signedIn(request)) return askToSignIn(reply);
    const parsed = partyIdSchema.safeParse(request.params.partyId);
    if (!parsed.success || !(await parties.end(parsed.data))) {
      return send(
        reply,
        404,
        'No such party',
        html`<h1>No such party</h1><p>It may have ended already. <a href="/admin">Back to the list</a></p>`,
      );
    }
    request.log.info({ partyId: parsed.data, action: 'end-party' }, 'admin: party ended');
    return goTo(reply, `/admin?ended=${encodeURIComponent(parsed.data)}`);
  });

  app.post('/admin/sign-in', async (request, reply) => {
    let right: boolean;
    try {
      right = auth.verify(formField(request.body, 'token'), request.ip);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 429) return askToSignIn(reply, 429, error.message);
      throw error;
    }
    if (!right) {
      request.log.warn('admin: wrong token on the sign-in page');
      return askToSignIn(reply, 401, 'That is not the admin token.');
    }
    request.log.info('admin: signed in');
    reply.header('set-cookie', sessionCookie(request, auth.newSession(), ADMIN_SESSION_MS / 1000));
    return goTo(reply, '/admin');
  });

  app.post('/admin/sign-out', async (request, reply) => {
    reply.header('set-cookie', sessionCookie(request, '', 0));
    return goTo(reply, '/admin');
  });

  /** The game id of a /admin/games/:gameId address, or undefined if it cannot be one. */
  const gameIdOf = (request: FastifyRequest<{ Params: { gameId: string } }>) => {
    const parsed = gameIdSchema.safeParse(request.params.gameId);
    return parsed.success ? parsed.data : undefined;
  };
  const noSuchGame = (reply: FastifyReply) =>
    send(
      reply,
      404,
      'No such game',
      html`<h1>No such game</h1><p>It may have been deleted. <a href="/admin">Back to the list</a></p>`,
    );

  app.get<{ Params: { gameId: string }; Querystring: { removed?: string } }>(
    '/admin/games/:gameId',
    async (request, reply) => {
      if (!signedIn(request)) return askToSignIn(reply);
      const gameId = gameIdOf(request);
      const game = gameId === undefined ? undefined : await moderation.game(gameId);
      if (!game) return noSuchGame(reply);
      const removed = request.query.removed;
      const notice = typeof removed === 'string' ? `${removed} removed.` : undefined;
      return send(reply, 200, `Game ${game.gameId}`, gameDetails(game, notice));
    },
  );

  app.post<{ Params: { gameId: string } }>('/admin/games/:gameId/delete', async (request, reply) => {
    if (!signedIn(request)) return askToSignIn(reply);
    const gameId = gameIdOf(request);
    if (gameId !== undefined && formField(request.body, 'confirm') !== 'yes') {
      const back = `/admin/games/${encodeURIComponent(gameId)}`;
      return send(
        reply,
        400,
        'Not deleted',
        html`<h1>Not deleted</h1><p>Tick the box to say you mean it. <a href="${back}">Back to the game</a></p>`,
      );
    }
    if (gameId === undefined || !(await moderation.deleteGame(gameId))) return noSuchGame(reply);
    request.log.info({ gameId, action: 'delete-game' }, 'admin: game deleted');
    return goTo(reply, `/admin?deleted=${encodeURIComponent(gameId)}`);
  });

  app.post<{ Params: { gameId: string } }>('/admin/games/:gameId/remove-player', async (request, reply) => {
    if (!signedIn(request)) return askToSignIn(reply);
    const gameId = gameIdOf(request);
    const playerID = formField(request.body, 'playerID') ?? '';
    const game = gameId === undefined ? undefined : await moderation.game(gameId);
    if (!game) return noSuchGame(reply);
    const player = [...game.players, ...(game.unfinished ?? [])].find((friend) => friend.playerID === playerID);
    const base = `/admin/games/${encodeURIComponent(game.gameId)}`;
    if (!player || !(await moderation.removePlayer(game.gameId, playerID))) {
      return send(
        reply,
        404,
        'No such friend',
        html`<h1>No such friend</h1><p>They may have been removed already. <a href="${base}">Back to the game</a></p>`,
      );
    }
    request.log.info({ gameId, playerID, action: 'remove-player' }, 'admin: friend removed');
    return goTo(reply, `${base}?removed=${encodeURIComponent(player.playerName)}`);
  });

  app.post<{ Params: { gameId: string } }>('/admin/games/:gameId/remove-note', async (request, reply) => {
    if (!signedIn(request)) return askToSignIn(reply);
    const gameId = gameIdOf(request);
    const playerID = formField(request.body, 'playerID') ?? '';
    const game = gameId === undefined ? undefined : await moderation.game(gameId);
    if (!game) return noSuchGame(reply);
    const note = game.notes?.find((each) => each.playerID === playerID);
    const base = `/admin/games/${encodeURIComponent(game.gameId)}`;
    if (!note || !(await moderation.removeNote(game.gameId, playerID))) {
      return send(
        reply,
        404,
        'No such note',
        html`<h1>No such note</h1><p>It may have been removed already. <a href="${base}">Back to the game</a></p>`,
      );
    }
    request.log.info({ gameId, playerID, action: 'remove-note' }, 'admin: note removed');
    return goTo(reply, `${base}?removed=${encodeURIComponent(`The note of ${note.playerName}`)}`);
  });
};

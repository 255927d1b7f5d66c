import type { FastifyPluginAsync } from 'fastify';
import { normalizePartyCode } from '../../shared/party.js';
import { HttpError } from '../errors.js';
import { endpoint } from '../http/endpoint.js';
import { partyErrors } from './errors.js';
import type { CodeLookups } from './lookups.js';
import type { Parties } from './parties.js';
import type { PartyRepository } from './repository.js';
import { meOf } from './view.js';

export interface PartyRoutesOptions {
  parties: Parties;
  repository: Pick<PartyRepository, 'findByCode'>;
  lookups: CodeLookups;
}

/** The party's calls (shared/party.ts): create, join, find, read, answer, and the host's commands. */
export const partyRoutes: FastifyPluginAsync<PartyRoutesOptions> = async (app, { parties, repository, lookups }) => {
  /** The party an open code names; every miss is the same 404 and counts against the caller's network. */
  async function byCode(typed: string, address: string): Promise<string> {
    lookups.refuseIfLimited(address);
    const code = normalizePartyCode(typed);
    const partyId = code === undefined ? undefined : await repository.findByCode(code);
    if (partyId === undefined) {
      lookups.failed(address);
      throw partyErrors.notFound();
    }
    return partyId;
  }

  endpoint(app, 'create-party', async ({ userId, userName, gameType, format, timing, rounds, pack, lang }) =>
    parties.create({
      userId,
      userName,
      gameType,
      format,
      timing: timing ?? 'standard',
      roundsAsked: rounds ?? null,
      pack,
      lang,
    }),
  );

  endpoint(app, 'join-party', async ({ code, partyId, userId, userName, lang }, request) => {
    const id = code !== undefined ? await byCode(code, request.ip) : (partyId as string);
    const room = await parties.require(id);
    try {
      const seat = await parties.join(room, userId, userName, lang, code !== undefined);
      return { partyId: id, playerID: seat.playerID, host: seat.playerID === room.party.state.hostId };
    } catch (error) {
      // A locked party's code opens nothing, as a wrong one.
      if (code !== undefined && error instanceof HttpError && error.code === 'party_not_found') {
        lookups.failed(request.ip);
      }
      throw error;
    }
  });

  endpoint(app, 'find-party', async ({ code }, request) => ({ partyId: await byCode(code, request.ip) }));

  endpoint(app, 'get-party', async ({ partyId, userId, lang }) => {
    const room = await parties.require(partyId);
    return room.run(() => {
      const seat = userId === undefined ? undefined : room.seatOf(userId);
      if (seat?.kicked) throw partyErrors.kicked();
      const view = room.view(lang ?? seat?.lang ?? room.party.state.lang);
      return seat ? { ...view, me: meOf(room.party, seat) } : view;
    });
  });

  endpoint(app, 'party-answer', async ({ partyId, userId, round, answer }) => {
    await parties.answer(await parties.require(partyId), userId, round, answer);
    return { ok: true as const, round };
  });

  endpoint(app, 'party-command', async ({ partyId, userId, command, playerID }) => {
    const next = await parties.command(await parties.require(partyId), userId, command, playerID);
    return { ok: true as const, partyId: next };
  });
};

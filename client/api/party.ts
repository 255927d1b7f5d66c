/** A party's calls (shared/party.ts): make, join, find by code, read, answer, and the host's commands. */
import type { ReplyOf, RequestOf } from '../../shared/api.js';
import { apiCall, REQUEST_FAILED } from './http.js';

export function createParty(body: RequestOf<'create-party'>): Promise<ReplyOf<'create-party'>> {
  return apiCall('create-party', { body }, { fallback: REQUEST_FAILED });
}

/** A seat in the party, by a typed `code` or a link's `partyId`; the same `userId` always gets the same seat. */
export function joinParty(body: RequestOf<'join-party'>): Promise<ReplyOf<'join-party'>> {
  return apiCall('join-party', { body }, { fallback: REQUEST_FAILED });
}

/** The party a typed code names, for a shared screen (until the party ends). */
export function findParty(code: string, signal?: AbortSignal): Promise<ReplyOf<'find-party'>> {
  return apiCall('find-party', { query: { code } }, { signal, fallback: REQUEST_FAILED });
}

/** The party's state in `lang`; with `userId` also that player's own seat and answer (`me`). */
export function getParty(
  partyId: string,
  userId: string | undefined,
  lang: string | undefined,
  signal?: AbortSignal,
): Promise<ReplyOf<'get-party'>> {
  const query = { partyId, ...(userId !== undefined && { userId }) };
  return apiCall('get-party', { query }, { signal, fallback: REQUEST_FAILED, lang });
}

export function partyAnswer(body: RequestOf<'party-answer'>): Promise<ReplyOf<'party-answer'>> {
  return apiCall('party-answer', { body }, { fallback: REQUEST_FAILED });
}

export function partyCommand(body: RequestOf<'party-command'>): Promise<ReplyOf<'party-command'>> {
  return apiCall('party-command', { body }, { fallback: REQUEST_FAILED });
}

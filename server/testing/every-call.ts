import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type EndpointName, endpoints } from '../../shared/api.js';
import { type CreatedGame, newUserId } from './app.js';

/**
 * One request per call of the API table, made by one friend mid-play: a call added to
 * shared/api.ts without one here fails to compile. The tests that look for the creator's answers
 * where they must not be (comparison.test.ts, guess.test.ts) drive every call with it.
 */
export function everyCall(
  game: Pick<CreatedGame, 'gameId' | 'questions'>,
  friend: string,
  /** create-game's answers; the friend's own round for answer-round. */
  { answerSet, round, answer }: { answerSet: number[]; round: number; answer: number },
): Record<EndpointName, { url: string; payload?: object }> {
  const { gameId } = game;
  const questionSet = game.questions.map((q) => q.questionID);
  const push = 'https://fcm.googleapis.com/fcm/send/x';
  return {
    'get-questions': { url: '/prod/get-questions?gametype=spectrum' },
    'create-game': {
      url: '/prod/create-game',
      payload: { userId: newUserId(), userName: 'Eve', questionSet, answerSet, gameType: 'Spectrum' },
    },
    // Another friend finishing must not reveal anything to this one.
    'log-response': {
      url: '/prod/log-response',
      payload: { gameId, playerId: newUserId(), userName: 'Other', responseSet: [1, 2, 3, 4, 5] },
    },
    'answer-round': { url: '/prod/answer-round', payload: { gameId, playerId: friend, userName: 'Bo', round, answer } },
    'get-rounds': { url: `/prod/get-rounds?gameId=${gameId}&playerId=${friend}` },
    'get-all-players': { url: `/prod/get-all-players?gameId=${gameId}` },
    'is-creator': { url: `/prod/is-creator?gameId=${gameId}&userId=${friend}` },
    'join-game': { url: '/prod/join-game', payload: { gameId } },
    'has-played': { url: `/prod/has-played?gameId=${gameId}` },
    'get-score': { url: `/prod/get-score?gameId=${gameId}&playerId=${friend}` },
    'get-comparison': { url: `/prod/get-comparison?gameId=${gameId}&playerId=${friend}` },
    'get-circle': { url: `/prod/get-circle?gameId=${gameId}&playerId=${friend}` },
    // The creator's calls, tried by the friend: refused, and nothing in the refusals either.
    'get-bursts': { url: `/prod/get-bursts?gameId=${gameId}&userId=${friend}` },
    'get-replies': { url: `/prod/get-replies?gameId=${gameId}&userId=${friend}` },
    'get-unfinished': { url: `/prod/get-unfinished?gameId=${gameId}&userId=${friend}` },
    'remove-player': { url: '/prod/remove-player', payload: { gameId, userId: friend, playerID: 'x' } },
    'delete-game': { url: '/prod/delete-game', payload: { gameId, userId: friend } },
    'my-games': { url: `/prod/my-games?userId=${friend}` },
    'creator-link': { url: '/prod/creator-link', payload: { gameId, userId: friend } },
    'claim-game': { url: '/prod/claim-game', payload: { gameId, key: 'not-the-key-of-this-game', userId: friend } },
    'push-key': { url: '/prod/push-key' },
    'subscribe-push': {
      url: '/prod/subscribe-push',
      payload: {
        gameId,
        userId: friend,
        subscription: { endpoint: push, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } },
      },
    },
    'unsubscribe-push': { url: '/prod/unsubscribe-push', payload: { gameId, userId: friend, endpoint: push } },
    'report-game': { url: '/prod/report-game', payload: { gameId, reason: 'spam' } },
    // The friend's note, once they finished; reading notes is the creator's.
    'leave-note': { url: '/prod/leave-note', payload: { gameId, playerId: friend, reaction: '😂', note: 'hi' } },
    'get-notes': { url: `/prod/get-notes?gameId=${gameId}&userId=${friend}` },
    // The admin's calls, without the admin's token: refused (and 404 on a server without ADMIN_TOKEN).
    'admin/reports': { url: '/prod/admin/reports' },
    'admin/parties': { url: '/prod/admin/parties?q=ada' },
    'admin/end-party': { url: '/prod/admin/end-party', payload: { partyId: 'party1234567' } },
    'admin/games': { url: `/prod/admin/games?q=${gameId}` },
    'admin/delete-game': { url: '/prod/admin/delete-game', payload: { gameId } },
    'admin/remove-player': { url: '/prod/admin/remove-player', payload: { gameId, playerID: 'x' } },
    'admin/remove-note': { url: '/prod/admin/remove-note', payload: { gameId, playerID: 'x' } },
    // A party's calls know nothing of games: a game's id is no party.
    'create-party': {
      url: '/prod/create-party',
      payload: { userId: newUserId(), userName: 'Eve', gameType: 'Spectrum', format: 'guess' },
    },
    'join-party': { url: '/prod/join-party', payload: { partyId: gameId, userId: friend, userName: 'Bo' } },
    'find-party': { url: '/prod/find-party?code=BCDFG' },
    'get-party': { url: `/prod/get-party?partyId=${gameId}&userId=${friend}` },
    'party-answer': { url: '/prod/party-answer', payload: { partyId: gameId, userId: friend, round, answer } },
    'party-command': { url: '/prod/party-command', payload: { partyId: gameId, userId: friend, command: 'start' } },
  };
}

/** Sends each request with its call's method, in table order; the replies by call. */
export async function injectEveryCall(
  app: FastifyInstance,
  requests: Record<EndpointName, { url: string; payload?: object }>,
): Promise<[EndpointName, LightMyRequestResponse][]> {
  const replies: [EndpointName, LightMyRequestResponse][] = [];
  for (const [name, { url, payload }] of Object.entries(requests) as [
    EndpointName,
    { url: string; payload?: object },
  ][]) {
    replies.push([name, await app.inject({ method: endpoints[name].method, url, payload })]);
  }
  return replies;
}

/** Every key and value of a JSON reply, flattened, to look for the creator's answers anywhere in it. */
export function walk(value: unknown, visit: (key: string, value: unknown) => void, key = ''): void {
  visit(key, value);
  if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, visit, k);
}

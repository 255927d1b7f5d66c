import type {
  CreateGameBody,
  IsCreatorReply,
  JoinGameReply,
  LogResponseBody,
  Player,
  Question,
} from '../../shared/api.js';
import type { Edition } from '../../shared/product.js';
import { apiRequest } from './http.js';

export function getQuestions(edition: Edition, signal?: AbortSignal): Promise<{ questions: Question[] }> {
  return apiRequest('get-questions', { query: { gametype: edition }, signal, fallback: 'Failed to load questions' });
}

export function createGame(body: CreateGameBody): Promise<{ gameId: string }> {
  return apiRequest('create-game', { body, fallback: 'API response not ok' });
}

export function logResponse(body: LogResponseBody): Promise<{ ok: true; score: number }> {
  return apiRequest('log-response', { body, fallback: 'API response not ok' });
}

export function getAllPlayers(gameId: string, signal?: AbortSignal): Promise<{ players: Player[] }> {
  return apiRequest('get-all-players', { query: { gameId }, signal, fallback: 'Failed to fetch scores' });
}

export function isCreator(gameId: string, userId: string, signal?: AbortSignal): Promise<IsCreatorReply> {
  return apiRequest('is-creator', { query: { gameId, userId }, signal, fallback: 'Failed to load the game' });
}

export function joinGame(gameId: string): Promise<JoinGameReply> {
  return apiRequest('join-game', { body: { gameId }, fallback: 'Failed to join game' });
}

export function hasPlayed(gameId: string, signal?: AbortSignal): Promise<{ playerName: string }> {
  return apiRequest('has-played', { query: { gameId }, signal, fallback: 'Failed to fetch score' });
}

export function getScore(gameId: string, playerId: string, signal?: AbortSignal): Promise<{ score: number }> {
  return apiRequest('get-score', { query: { gameId, playerId }, signal, fallback: 'Failed to fetch score' });
}

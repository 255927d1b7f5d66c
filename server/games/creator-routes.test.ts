import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type CreatedGame,
  createGame,
  logResponse,
  newUserId,
  rowCount,
  selectValue,
  testApp,
} from '../testing/app.js';
import { LiveClient } from '../testing/live-client.js';

let app: FastifyInstance;
let liveBase: string;
beforeAll(async () => {
  app = await testApp({ QUESTIONS_PER_GAME: '3' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  liveBase = `ws://127.0.0.1:${port}/prod/live/`;
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ method: 'GET', url });
const post = (url: string, payload: Record<string, unknown>) => app.inject({ method: 'POST', url, payload });
const players = async (gameId: string) => (await get(`/prod/get-all-players?gameId=${gameId}`)).json().players;
const removePlayer = (gameId: string, userId: string, playerID: string) =>
  post('/prod/remove-player', { gameId, userId, playerID });
const deleteGame = (gameId: string, userId: string) => post('/prod/delete-game', { gameId, userId });
const myGames = (userId: string) => get(`/prod/my-games?userId=${userId}`);
const creatorLink = (gameId: string, userId: string) => post('/prod/creator-link', { gameId, userId });
const claimGame = (gameId: string, key: string, userId: string) => post('/prod/claim-game', { gameId, key, userId });

/** A game with one friend on its board; returns the friend's private and public ids. */
async function gameWithFriend(name = 'Bo'): Promise<CreatedGame & { friendId: string; playerID: string }> {
  const game = await createGame(app, 'classic', [1, 2, 3]);
  const friendId = newUserId();
  const logged = await logResponse(app, game.gameId, friendId, [1, 2, 3], name);
  expect(logged.statusCode).toBe(200);
  const [row] = await players(game.gameId);
  return { ...game, friendId, playerID: row.playerID };
}

describe('POST /prod/remove-player', () => {
  it('takes the friend off the board and tells every live socket of that game', async () => {
    const game = await gameWithFriend('Hitler');
    await logResponse(app, game.gameId, newUserId(), [1, 1, 1], 'Cy');
    const watchers = await Promise.all([1, 2].map(() => LiveClient.open(liveBase + game.gameId)));
    await Promise.all(watchers.map((w) => w.message(0)));

    const response = await removePlayer(game.gameId, game.creatorId, game.playerID);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    for (const watcher of watchers) {
      expect(await watcher.message(1)).toEqual({ type: 'removed', playerID: game.playerID });
      watcher.close();
    }
    expect((await players(game.gameId)).map((p: { playerName: string }) => p.playerName)).toEqual(['Cy']);
    // A socket opened afterwards does not see them either.
    const late = await LiveClient.open(liveBase + game.gameId);
    expect(await late.message(0)).toMatchObject({ type: 'snapshot', players: [{ playerName: 'Cy' }] });
    late.close();
  });

  it("hides the removed friend's score (404), keeps their one play (409) and still sends them to their result", async () => {
    const game = await gameWithFriend();
    await removePlayer(game.gameId, game.creatorId, game.playerID);
    const score = await get(`/prod/get-score?gameId=${game.gameId}&playerId=${game.friendId}`);
    expect(score.statusCode).toBe(404);
    const again = await logResponse(app, game.gameId, game.friendId, [1, 2, 3], 'Bo again');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already played/);
    expect(await players(game.gameId)).toEqual([]);
    const info = await get(`/prod/is-creator?gameId=${game.gameId}&userId=${game.friendId}`);
    expect(info.json()).toEqual({ playerName: 'Ada', isCreator: false, hasPlayed: true, mode: 'alike' });
  });

  it('tells the removed friend so on get-score and get-comparison; others keep their own sentences', async () => {
    const game = await gameWithFriend();
    await removePlayer(game.gameId, game.creatorId, game.playerID);
    const removed = { code: 'removed_friend', message: 'The creator removed you from this game.' };
    for (const url of [
      `/prod/get-score?gameId=${game.gameId}&playerId=${game.friendId}`,
      `/prod/get-comparison?gameId=${game.gameId}&playerId=${game.friendId}`,
    ]) {
      const response = await get(url);
      expect([response.statusCode, response.json()], url).toEqual([404, removed]);
    }
    // Someone who never played this game is told that, not that they were removed.
    const stranger = newUserId();
    expect((await get(`/prod/get-score?gameId=${game.gameId}&playerId=${stranger}`)).json()).toEqual({
      code: 'no_score',
      message: 'There is no score for you in this game yet.',
    });
    expect((await get(`/prod/get-comparison?gameId=${game.gameId}&playerId=${stranger}`)).json()).toEqual({
      code: 'not_played',
      message: 'You have not played this game yet, so there is nothing to compare.',
    });
    // The creator's view of the removed friend: no such friend on the board.
    const asCreator = await get(
      `/prod/get-comparison?gameId=${game.gameId}&userId=${game.creatorId}&playerID=${game.playerID}`,
    );
    expect([asCreator.statusCode, asCreator.json()]).toEqual([
      404,
      { code: 'unknown_friend', message: 'This friend is not on the scoreboard of this game.' },
    ]);
    // Deleting the game takes the removal with it: then the game itself is what is missing.
    await deleteGame(game.gameId, game.creatorId);
    expect((await get(`/prod/get-score?gameId=${game.gameId}&playerId=${game.friendId}`)).json().message).toMatch(
      /^This game does not exist/,
    );
  });

  it('still counts removed friends towards MAX_PLAYERS_PER_GAME', async () => {
    const small = await testApp({ QUESTIONS_PER_GAME: '3', MAX_PLAYERS_PER_GAME: '1' });
    const game = await createGame(small, 'classic');
    await logResponse(small, game.gameId, newUserId(), [1, 1, 1], 'Joker');
    const [joker] = (await small.inject({ method: 'GET', url: `/prod/get-all-players?gameId=${game.gameId}` })).json()
      .players;
    const removed = await small.inject({
      method: 'POST',
      url: '/prod/remove-player',
      payload: { gameId: game.gameId, userId: game.creatorId, playerID: joker.playerID },
    });
    expect(removed.statusCode).toBe(200);
    const next = await logResponse(small, game.gameId, newUserId(), [1, 1, 1]);
    expect(next.json()).toEqual({ code: 'game_full', message: 'This game is full.' });
    await small.close();
  });

  it('answers 403 to anyone but the creator, and removes nothing', async () => {
    const game = await gameWithFriend();
    for (const userId of [newUserId(), game.friendId]) {
      const response = await removePlayer(game.gameId, userId, game.playerID);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'creator_only', message: 'Only the creator of this game can do that.' });
    }
    expect(await players(game.gameId)).toHaveLength(1);
  });

  it('answers 404 for an unknown game, an unknown friend and one already removed', async () => {
    const game = await gameWithFriend();
    expect((await removePlayer('AAAAAAAAAAAAAAAA', game.creatorId, game.playerID)).statusCode).toBe(404);
    const unknown = await removePlayer(game.gameId, game.creatorId, 'nobody123456');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'unknown_friend', message: 'There is no such friend in this game.' });
    expect((await removePlayer(game.gameId, game.creatorId, game.playerID)).statusCode).toBe(200);
    expect((await removePlayer(game.gameId, game.creatorId, game.playerID)).statusCode).toBe(404);
  });

  it('answers 400 to a malformed request', async () => {
    const game = await gameWithFriend();
    expect((await removePlayer(game.gameId, 'not-a-uuid', game.playerID)).statusCode).toBe(400);
    expect((await removePlayer(game.gameId, game.creatorId, '')).statusCode).toBe(400);
    expect((await post('/prod/remove-player', { gameId: game.gameId, userId: game.creatorId })).statusCode).toBe(400);
  });
});

describe('POST /prod/delete-game', () => {
  it('deletes the game and its responses; every call on it then answers 404', async () => {
    const game = await gameWithFriend();
    const before = await rowCount(app, 'responses');
    expect((await deleteGame(game.gameId, game.creatorId)).json()).toEqual({ ok: true });
    expect(await rowCount(app, 'responses')).toBe(before - 1);
    const { gameId, creatorId, friendId, playerID } = game;
    const calls = [
      get(`/prod/get-all-players?gameId=${gameId}`),
      get(`/prod/is-creator?gameId=${gameId}&userId=${creatorId}`),
      get(`/prod/has-played?gameId=${gameId}`),
      get(`/prod/get-score?gameId=${gameId}&playerId=${friendId}`),
      post('/prod/join-game', { gameId }),
      logResponse(app, gameId, newUserId(), [1, 1, 1]),
      removePlayer(gameId, creatorId, playerID),
      deleteGame(gameId, creatorId),
      creatorLink(gameId, creatorId),
      claimGame(gameId, 'k'.repeat(22), newUserId()),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode, response.body).toBe(404);
    expect((await myGames(creatorId)).json()).toEqual({ games: [] });
    await expect(LiveClient.open(liveBase + gameId)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('sends {"type":"deleted"} to its live sockets and closes them with 4404', async () => {
    const game = await gameWithFriend();
    const other = await gameWithFriend();
    const watcher = await LiveClient.open(liveBase + game.gameId);
    const bystander = await LiveClient.open(liveBase + other.gameId);
    await Promise.all([watcher.message(0), bystander.message(0)]);
    await deleteGame(game.gameId, game.creatorId);
    expect(await watcher.message(1)).toEqual({ type: 'deleted' });
    expect((await watcher.closed).code).toBe(4404);
    // The other game's socket got nothing and stays open: its next message is its own news.
    await removePlayer(other.gameId, other.creatorId, other.playerID);
    expect(await bystander.message(1)).toEqual({ type: 'removed', playerID: other.playerID });
    bystander.close();
  });

  it('answers 403 to anyone but the creator and keeps the game', async () => {
    const game = await gameWithFriend();
    for (const userId of [newUserId(), game.friendId]) {
      expect((await deleteGame(game.gameId, userId)).statusCode).toBe(403);
    }
    expect(await players(game.gameId)).toHaveLength(1);
  });

  it('answers 404 for an unknown game', async () => {
    expect((await deleteGame('AAAAAAAAAAAAAAAA', newUserId())).statusCode).toBe(404);
  });
});

describe('GET /prod/my-games', () => {
  afterEach(() => vi.useRealTimers());

  it("lists only that user's games, newest first, with friend counts that leave removed friends out", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-01T10:00:00.000Z'));
    const older = await gameWithFriend();
    vi.setSystemTime(new Date('2025-03-02T12:30:00.000Z'));
    const questions = older.questions.map((q) => q.questionID);
    const created = await post('/prod/create-game', {
      userId: older.creatorId,
      userName: 'Ada',
      questionSet: questions,
      answerSet: [1, 1, 1],
    });
    const newer = created.json().gameId;
    await logResponse(app, newer, newUserId(), [1, 1, 1], 'One');
    await logResponse(app, newer, newUserId(), [1, 1, 1], 'Two');
    await removePlayer(older.gameId, older.creatorId, older.playerID);
    await createGame(app, 'spectrum'); // someone else's

    const response = await myGames(older.creatorId.toUpperCase());
    expect(response.json()).toEqual({
      games: [
        {
          gameId: newer,
          gameType: 'Classic',
          mode: 'alike',
          creatorName: 'Ada',
          createdAt: '2025-03-02T12:30:00.000Z',
          players: 2,
        },
        {
          gameId: older.gameId,
          gameType: 'Classic',
          mode: 'alike',
          creatorName: 'Ada',
          createdAt: '2025-03-01T10:00:00.000Z',
          players: 0,
        },
      ],
    });
    expect(response.body).not.toContain(older.creatorId);
  });

  it('is empty for a user with no games, and 400 without a valid userId', async () => {
    expect((await myGames(newUserId())).json()).toEqual({ games: [] });
    expect((await get('/prod/my-games')).statusCode).toBe(400);
    expect((await myGames('null')).statusCode).toBe(400);
  });
});

describe('the private creator link', () => {
  it('makes another browser a creator of that one game, without revealing the creator', async () => {
    const game = await gameWithFriend();
    const otherGame = await createGame(app, 'classic');
    const laptop = newUserId();
    const link = await creatorLink(game.gameId, game.creatorId);
    expect(link.statusCode).toBe(200);
    const { key } = link.json();
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(link.body).not.toContain(game.creatorId);

    expect((await claimGame(game.gameId, key, laptop)).json()).toEqual({ ok: true });
    const info = await get(`/prod/is-creator?gameId=${game.gameId}&userId=${laptop}`);
    expect(info.json()).toEqual({ playerName: 'Ada', isCreator: true, hasPlayed: false, mode: 'alike' });
    expect((await myGames(laptop)).json().games.map((g: { gameId: string }) => g.gameId)).toEqual([game.gameId]);
    // The one creator rule holds everywhere: the new creator cannot answer, and can remove.
    expect((await logResponse(app, game.gameId, laptop, [1, 1, 1])).json().message).toMatch(/created this game/);
    // Decided inside the write (the co-creator check is no look-up of its own), and before what
    // is wrong with the answers; round by round the same.
    expect((await logResponse(app, game.gameId, laptop, [1, 1])).json().code).toBe('creator_cannot_play');
    const round = (answer: number) =>
      post('/prod/answer-round', { gameId: game.gameId, playerId: laptop, userName: 'Ada', round: 0, answer });
    expect((await round(1)).json()).toMatchObject({ code: 'creator_cannot_play' });
    expect((await round(9)).json()).toMatchObject({ code: 'creator_cannot_play' });
    expect(await selectValue(app, 'SELECT count(*) FROM plays WHERE game_id = ?', game.gameId)).toBe(0);
    expect((await removePlayer(game.gameId, laptop, game.playerID)).statusCode).toBe(200);
    // Nothing on the creator's other games.
    expect((await deleteGame(otherGame.gameId, laptop)).statusCode).toBe(403);
    expect((await get(`/prod/is-creator?gameId=${otherGame.gameId}&userId=${laptop}`)).json().isCreator).toBe(false);
    // The original creator keeps their rights.
    expect((await deleteGame(game.gameId, game.creatorId)).statusCode).toBe(200);
  });

  it('stores only a hash of the key, and a new link turns the previous one off', async () => {
    const game = await createGame(app, 'classic');
    const first = (await creatorLink(game.gameId, game.creatorId)).json().key;
    const second = (await creatorLink(game.gameId, game.creatorId)).json().key;
    expect(second).not.toBe(first);
    const stored = await selectValue(app, 'SELECT creator_key_hash FROM games WHERE id = ?', game.gameId);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(second);

    const stale = await claimGame(game.gameId, first, newUserId());
    expect(stale.statusCode).toBe(403);
    expect(stale.json().message).toMatch(/no longer works/);
    expect((await claimGame(game.gameId, second, newUserId())).statusCode).toBe(200);
  });

  it('refuses a wrong key with 403, a key for another game with 403, and an unknown game with 404', async () => {
    const game = await createGame(app, 'classic');
    const other = await createGame(app, 'classic');
    const otherKey = (await creatorLink(other.gameId, other.creatorId)).json().key;
    const stranger = newUserId();
    expect((await claimGame(game.gameId, 'A'.repeat(22), stranger)).statusCode).toBe(403);
    expect((await claimGame(game.gameId, otherKey, stranger)).statusCode).toBe(403);
    expect((await claimGame('AAAAAAAAAAAAAAAA', otherKey, stranger)).statusCode).toBe(404);
    expect((await claimGame(game.gameId, 'short', stranger)).statusCode).toBe(400);
    expect((await get(`/prod/is-creator?gameId=${game.gameId}&userId=${stranger}`)).json().isCreator).toBe(false);
  });

  it('is given only to a creator (403), and opening it again as a creator is fine', async () => {
    const game = await gameWithFriend();
    expect((await creatorLink(game.gameId, game.friendId)).statusCode).toBe(403);
    expect((await creatorLink('AAAAAAAAAAAAAAAA', game.creatorId)).statusCode).toBe(404);
    const { key } = (await creatorLink(game.gameId, game.creatorId)).json();
    expect((await claimGame(game.gameId, key, game.creatorId)).json()).toEqual({ ok: true });
    const laptop = newUserId();
    await claimGame(game.gameId, key, laptop);
    expect((await claimGame(game.gameId, key, laptop)).json()).toEqual({ ok: true });
  });
});

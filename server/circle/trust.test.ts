import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CIRCLE_NEEDS_HALF, REVEAL_NEEDS_HALF } from '../../shared/trust.js';
import { loadConfig } from '../config.js';
import { type CreatedGame, createGame, newUserId, testApp } from '../testing/app.js';
import { BURST_WINDOW_MS } from './bursts.js';

/** Issue 30: the friends' circle and the reveal against players who play to read others' answers. */
let app: FastifyInstance;
afterEach(() => app?.close());

const get = (url: string) => app.inject({ method: 'GET', url });
const play = (game: CreatedGame, answers: number[], options: { from?: string; name?: string; headers?: object } = {}) =>
  app.inject({
    method: 'POST',
    url: '/prod/log-response',
    payload: { gameId: game.gameId, playerId: newUserId(), userName: options.name ?? 'Bo', responseSet: answers },
    remoteAddress: options.from ?? '127.0.0.1',
    headers: { ...options.headers },
  });

interface Played {
  playerId: string;
  playerID: string;
}
async function played(game: CreatedGame, answers: number[], name: string, from = '127.0.0.1'): Promise<Played> {
  const playerId = newUserId();
  const response = await app.inject({
    method: 'POST',
    url: '/prod/log-response',
    payload: { gameId: game.gameId, playerId, userName: name, responseSet: answers },
    remoteAddress: from,
  });
  expect(response.statusCode).toBe(200);
  return { playerId, playerID: response.json().playerID };
}
const reveal = (game: CreatedGame, friend: Played) =>
  get(`/prod/get-comparison?gameId=${game.gameId}&playerId=${friend.playerId}`);
const circleOf = (game: CreatedGame, friend: Played) =>
  get(`/prod/get-circle?gameId=${game.gameId}&playerId=${friend.playerId}`);
const names = (matches: { playerName: string }[]) => matches.map((m) => m.playerName);

describe('a play with fewer than half its rounds answered', () => {
  it('Classic (0 = no answer): gets its score, but no reveal and no circle, and is in no one else circle', async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '4' });
    const game = await createGame(app, 'classic', [1, 2, 1, 2]);
    const bo = await played(game, [1, 2, 1, 0], 'Bo');
    // One round of four: a throw-away play that would read the creator's answers for the real one.
    const probeId = newUserId();
    const probe = await app.inject({
      method: 'POST',
      url: '/prod/log-response',
      payload: { gameId: game.gameId, playerId: probeId, userName: 'Probe', responseSet: [1, 0, 0, 0] },
    });
    expect(probe.statusCode).toBe(200);
    expect(probe.json().score).toBe(2.5);
    const probeFriend: Played = { playerId: probeId, playerID: probe.json().playerID };
    const prober = probeFriend;

    const noReveal = await reveal(game, probeFriend);
    expect(noReveal.statusCode).toBe(404);
    expect(noReveal.json()).toEqual({ code: 'reveal_needs_half', message: REVEAL_NEEDS_HALF });
    expect(noReveal.body).not.toMatch(/creatorAnswer|playerAnswer/);
    const noCircle = await circleOf(game, probeFriend);
    expect(noCircle.statusCode).toBe(404);
    expect(noCircle.json()).toEqual({ code: 'circle_needs_half', message: CIRCLE_NEEDS_HALF });
    // Its score stands: the scoreboard lists it.
    const board = (await get(`/prod/get-all-players?gameId=${game.gameId}`)).json().players;
    expect(names(board)).toContain('Probe');

    // Half the rounds is enough: Cy sees both; Bo and Cy see each other, and never the probe.
    const cy = await played(game, [1, 2, 0, 0], 'Cy');
    expect((await reveal(game, cy)).statusCode).toBe(200);
    expect(names((await circleOf(game, bo)).json().matches)).toEqual(['Cy']);
    expect(names((await circleOf(game, cy)).json().matches)).toEqual(['Bo']);
    const creator = (await get(`/prod/get-circle?gameId=${game.gameId}&userId=${game.creatorId}`)).json();
    expect(creator).toMatchObject({ players: 2, pairs: [{ a: { playerName: 'Bo' }, b: { playerName: 'Cy' } }] });
    // The creator still sees what the probe answered (their own answers are no secret to them).
    const creatorsView = await get(
      `/prod/get-comparison?gameId=${game.gameId}&userId=${game.creatorId}&playerID=${prober.playerID}`,
    );
    expect(creatorsView.statusCode).toBe(200);
  });

  it('Spectrum (a round that ran out keeps the slider at 50): the same', async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '4' });
    const game = await createGame(app, 'spectrum', [10, 20, 30, 40]);
    const bo = await played(game, [12, 20, 50, 50], 'Bo');
    const probe = await played(game, [12, 50, 50, 50], 'Probe');
    expect((await reveal(game, bo)).statusCode).toBe(200);
    expect((await reveal(game, probe)).json()).toEqual({ code: 'reveal_needs_half', message: REVEAL_NEEDS_HALF });
    expect((await circleOf(game, probe)).statusCode).toBe(404);
    expect((await circleOf(game, bo)).json()).toEqual({ matches: [] });
  });
});

describe('PLAYS_PER_ADDRESS_PER_GAME', () => {
  it('stores at most that many responses per client network and game; one more is 409', async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '2', PLAYS_PER_ADDRESS_PER_GAME: '3' });
    const game = await createGame(app, 'classic');
    const other = await createGame(app, 'classic');
    for (let i = 0; i < 3; i++) expect((await play(game, [1, 1])).statusCode).toBe(200);
    const refused = await play(game, [1, 1], { name: 'Fourth' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'too_many_plays',
      message: 'Too many plays of this game from your network.',
    });
    // Nothing of the refused play was kept.
    const board = (await get(`/prod/get-all-players?gameId=${game.gameId}`)).json().players;
    expect(board).toHaveLength(3);
    expect(names(board)).not.toContain('Fourth');
    // Another game, another address, or another /64 are other counts; the same /64 is the same network.
    expect((await play(other, [1, 1])).statusCode).toBe(200);
    expect((await play(game, [1, 1], { from: '203.0.113.7' })).statusCode).toBe(200);
    for (const from of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:aaaa::3']) {
      expect((await play(game, [1, 1], { from })).statusCode).toBe(200);
    }
    expect((await play(game, [1, 1], { from: '2001:db8:1:2:ffff::9' })).statusCode).toBe(409);
    expect((await play(game, [1, 1], { from: '2001:db8:1:3::1' })).statusCode).toBe(200);
    // The network is never in any reply.
    const bursts = await get(`/prod/get-bursts?gameId=${game.gameId}&userId=${game.creatorId}`);
    expect(bursts.body).not.toMatch(/network|127\.0\.0\.1|2001/);
  });

  it('holds when the plays arrive at once (one write batch)', async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '2', PLAYS_PER_ADDRESS_PER_GAME: '3' });
    const game = await createGame(app, 'classic');
    const statuses = (await Promise.all(Array.from({ length: 8 }, () => play(game, [1, 1])))).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    expect((await get(`/prod/get-all-players?gameId=${game.gameId}`)).json().players).toHaveLength(3);
  });

  it('counts the address the rate limit counts: behind a trusted proxy, X-Forwarded-For', async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '2', PLAYS_PER_ADDRESS_PER_GAME: '1', TRUST_PROXY: 'true' });
    const game = await createGame(app, 'classic');
    const via = (client: string) => ({ headers: { 'x-forwarded-for': client } });
    expect((await play(game, [1, 1], via('198.51.100.1'))).statusCode).toBe(200);
    expect((await play(game, [1, 1], via('198.51.100.2'))).statusCode).toBe(200);
    expect((await play(game, [1, 1], via('198.51.100.1'))).statusCode).toBe(409);
  });

  it('0 means no cap', async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '2', PLAYS_PER_ADDRESS_PER_GAME: '0' });
    const game = await createGame(app, 'classic');
    for (let i = 0; i < 25; i++) expect((await play(game, [1, 1])).statusCode).toBe(200);
  });

  it('defaults to 20', async () => {
    expect(loadConfig({}).PLAYS_PER_ADDRESS_PER_GAME).toBe(20);
    app = await testApp({ QUESTIONS_PER_GAME: '2', PLAYS_PER_ADDRESS_PER_GAME: '20' });
    const game = await createGame(app, 'classic');
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await play(game, [1, 1])).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(409);
  });
});

describe("one network's plays in the circles", () => {
  it('up to 5 see each other (a household); beyond, they do not, and the later ones get no circle', async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '2' });
    const game = await createGame(app, 'classic');
    const elsewhere = await played(game, [1, 2], 'Elsewhere', '192.0.2.99');
    const home: Played[] = [];
    for (let i = 0; i < 5; i++) home.push(await played(game, [1, 1], `H${i}`, '192.0.2.1'));
    expect(names((await circleOf(game, home[0])).json().matches)).toEqual(['H1', 'H2', 'H3', 'H4', 'Elsewhere']);
    home.push(await played(game, [1, 1], 'H5', '192.0.2.1'));
    // Six plays from one network: their exact scores with each other would be a ruler for the others'.
    for (const friend of home.slice(0, 5)) {
      expect(names((await circleOf(game, friend)).json().matches)).toEqual(['Elsewhere']);
    }
    const sixth = await circleOf(game, home[5]);
    expect(sixth.statusCode).toBe(404);
    expect(sixth.json()).toEqual({
      code: 'circle_network_crowded',
      message: 'Too many plays of this game from your network to show your circle.',
    });
    // Everyone else still sees all of them; so does the creator; and the sixth still gets the reveal.
    expect(names((await circleOf(game, elsewhere)).json().matches)).toEqual(['H0', 'H1', 'H2', 'H3', 'H4', 'H5']);
    expect((await get(`/prod/get-circle?gameId=${game.gameId}&userId=${game.creatorId}`)).json().players).toBe(7);
    expect((await reveal(game, home[5])).statusCode).toBe(200);
  });
});

describe("the creator's burst flag", () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const bursts = (game: CreatedGame, userId = game.creatorId) =>
    get(`/prod/get-bursts?gameId=${game.gameId}&userId=${userId}`);

  it('marks every play of a network that played more than 5 times within 10 minutes, for creators only', async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '2' });
    const game = await createGame(app, 'classic');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_800_000_000_000);
    const friend = await played(game, [1, 1], 'Friend', '192.0.2.50');
    const burst: Played[] = [];
    for (let i = 0; i < 5; i++) {
      burst.push(await played(game, [1, 1], `B${i}`, '192.0.2.1'));
      vi.setSystemTime(Date.now() + 60_000);
    }
    // Five plays from one network: no burst yet.
    expect((await bursts(game)).json()).toEqual({ playerIDs: [] });
    burst.push(await played(game, [1, 1], 'B5', '192.0.2.1'));
    const flagged = (await bursts(game)).json().playerIDs as string[];
    expect(flagged.sort()).toEqual(burst.map((p) => p.playerID).sort());
    expect(flagged).not.toContain(friend.playerID);
    // Removed plays leave the flag list with the scoreboard.
    await app.inject({
      method: 'POST',
      url: '/prod/remove-player',
      payload: { gameId: game.gameId, userId: game.creatorId, playerID: burst[0].playerID },
    });
    expect((await bursts(game)).json().playerIDs).toHaveLength(5);
    // Friends (and strangers) are refused; the public scoreboard carries no flag.
    expect((await bursts(game, friend.playerId)).statusCode).toBe(403);
    const rows = (await get(`/prod/get-all-players?gameId=${game.gameId}`)).json().players;
    for (const row of rows) expect(Object.keys(row)).toEqual(['playerID', 'playerName', 'score']);
  });

  it('does not mark plays spread over more than 10 minutes', async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '2' });
    const game = await createGame(app, 'classic');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_800_000_000_000);
    for (let i = 0; i < 8; i++) {
      await played(game, [1, 1], `P${i}`, '192.0.2.1');
      vi.setSystemTime(Date.now() + BURST_WINDOW_MS / 5 + 1);
    }
    expect((await bursts(game)).json()).toEqual({ playerIDs: [] });
  });
});

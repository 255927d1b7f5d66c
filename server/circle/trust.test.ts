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

describe('plays that probe get their score but no circle (issue 42.7)', () => {
  const creatorOf = (game: CreatedGame) => get(`/prod/get-circle?gameId=${game.gameId}&userId=${game.creatorId}`);
  const board = async (game: CreatedGame) =>
    (await get(`/prod/get-all-players?gameId=${game.gameId}`)).json().players as {
      playerName: string;
      score: number;
    }[];

  it('mostly one answer, blank rounds counted with it: all one word, or half the rounds blank', async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '10' });
    const game = await createGame(app, 'classic', [1, 2, 3, 4, 1, 2, 3, 4, 1, 2]);
    const bo = await played(game, [1, 2, 3, 4, 2, 3, 4, 1, 1, 2], 'Bo', '198.51.100.1');
    const oneWord = await played(game, Array(10).fill(1), 'OneWord', '203.0.113.1');
    // Half blank: the others answered with 4 words, so one of them at least twice (7 of 10).
    const halfBlank = await played(game, [1, 2, 3, 4, 1, 0, 0, 0, 0, 0], 'HalfBlank', '192.0.2.1');
    // Two rounds ran out and one word four times: 6 of 10, a friend's play.
    const cy = await played(game, [1, 1, 1, 1, 2, 3, 0, 0, 4, 2], 'Cy', '192.0.2.200');
    for (const probe of [oneWord, halfBlank]) {
      const refused = await circleOf(game, probe);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({
        code: 'circle_answers_alike',
        message: 'Most of your answers are the same, so there is no circle for them.',
      });
      // Its score stands, and so does its reveal (its answers against the creator's only).
      expect((await reveal(game, probe)).statusCode).toBe(200);
    }
    expect((await board(game)).map((row) => [row.playerName, row.score])).toEqual(
      expect.arrayContaining([
        ['OneWord', 3],
        ['HalfBlank', 5],
      ]),
    );
    // The others' circles still list them (what they say there is the others' to know).
    expect(names((await circleOf(game, bo)).json().matches).sort()).toEqual(['Cy', 'HalfBlank', 'OneWord']);
    expect((await circleOf(game, cy)).statusCode).toBe(200);
    expect((await creatorOf(game)).json().players).toBe(4);
  });

  it('Spectrum: one point everywhere is mostly one answer too', async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '5' });
    const game = await createGame(app, 'spectrum', [10, 30, 50, 70, 90]);
    const bo = await played(game, [12, 33, 60, 75, 80], 'Bo', '198.51.100.1');
    const flat = await played(game, [100, 100, 100, 100, 20], 'Flat', '203.0.113.1');
    expect((await circleOf(game, flat)).json().code).toBe('circle_answers_alike');
    expect(names((await circleOf(game, bo)).json().matches)).toEqual(['Flat']);
  });

  it('one round at most from an earlier play of the same /24 or /64: no circle; the earlier one keeps its own', async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '10' });
    const creator = [1, 2, 3, 4, 1, 2, 3, 4, 1, 2];
    const game = await createGame(app, 'classic', creator);
    const base = [1, 2, 3, 4, 2, 3, 4, 1, 1, 2];
    const oneRound = (round: number) => base.map((a, r) => (r === round ? (a % 4) + 1 : a));
    const first = await played(game, base, 'First', '198.51.100.1');
    // Another address of the same /24, one round changed: read beside the first, a threshold oracle.
    const next = await played(game, oneRound(4), 'Next', '198.51.100.77');
    const again = await played(game, base, 'Again', '198.51.100.1');
    const refused = await circleOf(game, next);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({
      code: 'circle_near_repeat',
      message:
        'Someone on your network already answered this game almost the same way (one round different at most), so there is no circle for these answers.',
    });
    expect((await circleOf(game, again)).json().code).toBe('circle_near_repeat');
    expect((await reveal(game, next)).statusCode).toBe(200);
    expect(names((await circleOf(game, first)).json().matches).sort()).toEqual(['Again', 'Next']);
    // Two rounds apart from the same /24, or one round apart from another /24: circles as usual.
    const twoRounds = base.map((a, r) => (r === 0 || r === 9 ? (a % 4) + 1 : a));
    expect((await circleOf(game, await played(game, twoRounds, 'Two', '198.51.100.9'))).statusCode).toBe(200);
    expect((await circleOf(game, await played(game, oneRound(5), 'Away', '198.51.101.1'))).statusCode).toBe(200);
    // IPv6: the /64 is the block.
    const v6 = await played(game, [4, 4, 3, 3, 2, 2, 1, 1, 3, 1], 'Six', '2001:db8:7:7::1');
    const v6Next = await played(game, [4, 4, 3, 3, 2, 2, 1, 1, 3, 2], 'SixNext', '2001:db8:7:7:ffff::2');
    const v6Elsewhere = await played(game, [4, 4, 3, 3, 2, 2, 1, 1, 3, 4], 'SixAway', '2001:db8:7:8::1');
    expect((await circleOf(game, v6)).statusCode).toBe(200);
    expect((await circleOf(game, v6Next)).json().code).toBe('circle_near_repeat');
    expect((await circleOf(game, v6Elsewhere)).statusCode).toBe(200);
  });

  it('games of fewer than 5 rounds are left as they were (a household of one Wi-Fi, 3 rounds)', async () => {
    app = await testApp({ QUESTIONS_PER_GAME: '3' });
    const game = await createGame(app, 'classic', [1, 2, 3]);
    await played(game, [1, 2, 3], 'Mum', '192.0.2.1');
    const kid = await played(game, [1, 2, 4], 'Kid', '192.0.2.1');
    expect(names((await circleOf(game, kid)).json().matches)).toEqual(['Mum']);
  });
});

import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveMessage } from '../../shared/live.js';
import { InProcessEventBus } from '../events/bus.js';
import { createGame, logResponse, newUserId, testApp } from '../testing/app.js';
import { LiveClient } from '../testing/live-client.js';
import { PING_SLICES } from './pinger.js';

let app: FastifyInstance;
let base: string;

/** The in-process bus, counting the subscriptions currently held. */
class CountingBus extends InProcessEventBus {
  active = 0;
  override subscribe(...args: Parameters<InProcessEventBus['subscribe']>) {
    this.active++;
    const unsubscribe = super.subscribe(...args);
    return () => {
      this.active--;
      unsubscribe();
    };
  }
}
let bus: CountingBus;

async function start(env: Record<string, string> = {}, pingMs = 30_000) {
  bus = new CountingBus();
  app = await testApp({ QUESTIONS_PER_GAME: '3', ...env }, { livePingIntervalMs: pingMs, bus });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  base = `ws://127.0.0.1:${port}/prod/live/`;
}

beforeEach(() => start());
afterEach(() => app.close());

describe('live channel', () => {
  it('sends a snapshot on open, then one player message per response, in order', async () => {
    const game = await createGame(app, 'classic', [1, 2, 3]);
    await logResponse(app, game.gameId, newUserId(), [1, 2, 3], 'Early');
    const client = await LiveClient.open(base + game.gameId);
    expect(await client.message(0)).toEqual({
      type: 'snapshot',
      players: [{ playerID: expect.any(String), playerName: 'Early', score: 10 }],
      playing: [],
    });
    await logResponse(app, game.gameId, newUserId(), [1, 1, 1], 'Second');
    await logResponse(app, game.gameId, newUserId(), [0, 0, 0], 'Third');
    expect(await client.message(1)).toEqual({
      type: 'player',
      player: { playerID: expect.any(String), playerName: 'Second', score: 3.3 },
    });
    expect(await client.message(2)).toMatchObject({ type: 'player', player: { playerName: 'Third', score: 0 } });
    client.close();
  });

  it('has the same snapshot as get-all-players, and no private ids', async () => {
    const game = await createGame(app, 'spectrum');
    const friends = [newUserId(), newUserId()];
    await logResponse(app, game.gameId, friends[0], [0, 0, 0], 'Far');
    await logResponse(app, game.gameId, friends[1], [50, 50, 50], 'Near');
    const client = await LiveClient.open(base + game.gameId);
    const snapshot = await client.message(0);
    const board = await app.inject({ method: 'GET', url: `/prod/get-all-players?gameId=${game.gameId}` });
    expect(snapshot).toEqual({ type: 'snapshot', players: board.json().players, playing: [] });
    for (const id of [...friends, game.creatorId]) expect(JSON.stringify(snapshot)).not.toContain(id);
    client.close();
  });

  it('delivers a new score to all 100 subscribers of a game, and nothing to another game', async () => {
    const game = await createGame(app, 'classic');
    const other = await createGame(app, 'classic');
    const watchers = await Promise.all(Array.from({ length: 100 }, () => LiveClient.open(base + game.gameId)));
    const bystander = await LiveClient.open(base + other.gameId);
    await Promise.all([...watchers, bystander].map((c) => c.message(0)));
    await logResponse(app, game.gameId, newUserId(), [1, 1, 1], 'Zoe');
    const received = await Promise.all(watchers.map((c) => c.message(1)));
    for (const message of received) expect(message).toMatchObject({ type: 'player', player: { playerName: 'Zoe' } });
    // A response to the bystander's own game arrives as its second message: nothing came in between.
    await logResponse(app, other.gameId, newUserId(), [1, 1, 1], 'Own');
    expect(await bystander.message(1)).toMatchObject({ type: 'player', player: { playerName: 'Own' } });
    for (const c of [...watchers, bystander]) c.close();
  });

  it("holds one bus subscription per watched game (its room's, which the game cache reads too), kept when its last socket closes", async () => {
    const game = await createGame(app, 'classic');
    const clients = await Promise.all([1, 2, 3].map(() => LiveClient.open(base + game.gameId)));
    await Promise.all(clients.map((c) => c.message(0)));
    // One for the game, whatever the number of sockets, and no second one for the cache.
    expect(bus.active).toBe(1);
    for (const c of clients) {
      c.close();
      await c.closed;
    }
    // The cache keeps the game (and its subscription) until it is evicted.
    await expect.poll(() => bus.active).toBe(1);
  });

  it('gives a reconnecting client a full snapshot with what it missed', async () => {
    const game = await createGame(app, 'classic');
    const first = await LiveClient.open(base + game.gameId);
    await first.message(0);
    first.close();
    await first.closed;
    await logResponse(app, game.gameId, newUserId(), [1, 1, 1], 'WhileAway');
    const again = await LiveClient.open(base + game.gameId);
    const snapshot = (await again.message(0)) as Extract<LiveMessage, { type: 'snapshot' }>;
    expect(snapshot.players.map((p) => p.playerName)).toEqual(['WhileAway']);
    again.close();
  });

  it('refuses an unknown game with 404 before the upgrade', async () => {
    await expect(LiveClient.open(`${base}AAAAAAAAAAAAAAAA`)).rejects.toMatchObject({ statusCode: 404 });
    await expect(LiveClient.open(`${base}!!`)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('answers a plain GET or HEAD of a game with 426 and the JSON error, counting no socket', async () => {
    await app.close();
    await start({ LIVE_SOCKETS_PER_ADDRESS: '1' });
    const game = await createGame(app, 'classic');
    for (const method of ['GET', 'HEAD', 'GET'] as const) {
      const plain = await app.inject({ method, url: `/prod/live/${game.gameId}` });
      expect(plain.statusCode).toBe(426);
      expect(plain.headers.upgrade).toBe('websocket');
      expect(plain.headers['content-type']).toMatch(/^application\/json/);
      if (method === 'GET') {
        expect(plain.json()).toEqual({
          code: 'upgrade_required',
          message: 'This address is a live WebSocket channel; open it with a WebSocket upgrade.',
        });
      }
    }
    // An unknown game is still unknown, upgrade or not.
    const unknown = await app.inject({ method: 'GET', url: '/prod/live/AAAAAAAAAAAAAAAA' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: 'unknown_game',
      message: 'This game does not exist. Check the link you followed.',
    });
    // The plain requests held none of the address's one live socket.
    const client = await LiveClient.open(base + game.gameId);
    expect((await client.message(0)).type).toBe('snapshot');
    client.close();
  });

  it('refuses a socket opened from a foreign origin, and accepts its own and listed origins', async () => {
    const game = await createGame(app, 'classic');
    await expect(
      LiveClient.open(base + game.gameId, { headers: { Origin: 'https://evil.example' } }),
    ).rejects.toMatchObject({ statusCode: 403 });
    const own = await LiveClient.open(base + game.gameId, {
      headers: { Origin: base.replace('ws:', 'http:').replace('/prod/live/', '') },
    });
    expect((await own.message(0)).type).toBe('snapshot');
    own.close();

    await app.close();
    await start({ ALLOWED_ORIGINS: 'https://friends.example' });
    const listed = await createGame(app, 'classic');
    const friendly = await LiveClient.open(base + listed.gameId, { headers: { Origin: 'https://friends.example' } });
    expect((await friendly.message(0)).type).toBe('snapshot');
    friendly.close();
  });

  it('closes a socket that sends an oversized message, and only that one', async () => {
    const game = await createGame(app, 'classic');
    const rude = await LiveClient.open(base + game.gameId);
    const polite = await LiveClient.open(base + game.gameId);
    await Promise.all([rude.message(0), polite.message(0)]);
    rude.socket.send('x'.repeat(64 * 1024));
    expect((await rude.closed).code).toBe(1009);
    // Small messages are ignored and the socket stays open.
    polite.socket.send('{"type":"hello"}');
    await logResponse(app, game.gameId, newUserId(), [1, 1, 1]);
    expect((await polite.message(1)).type).toBe('player');
    polite.close();
  });

  it('closes live sockets with 1001 when the server shuts down', async () => {
    const game = await createGame(app, 'classic');
    const client = await LiveClient.open(base + game.gameId);
    await client.message(0);
    const closing = app.close();
    expect(await client.closed).toEqual({ code: 1001, reason: 'Server shutting down' });
    await closing;
  });

  it('pings the sockets a slice at a time, each once per interval, never all at once', async () => {
    await app.close();
    // Only the intervals are faked: the pings go out when the test says, sockets stay real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      await start({}, 30_000);
      const game = await createGame(app, 'classic');
      const [first, second] = [await LiveClient.open(base + game.gameId), await LiveClient.open(base + game.gameId)];
      await Promise.all([first.message(0), second.message(0)]);
      const pings = [0, 0];
      first.socket.on('ping', () => pings[0]++);
      second.socket.on('ping', () => pings[1]++);
      const firstPinged = new Promise((resolve) => first.socket.once('ping', resolve));
      vi.advanceTimersByTime(30_000 / PING_SLICES);
      await firstPinged;
      // The second socket is in another slice: its turn has not come.
      expect(pings).toEqual([1, 0]);
      const secondPinged = new Promise((resolve) => second.socket.once('ping', resolve));
      vi.advanceTimersByTime(30_000 - 30_000 / PING_SLICES);
      await secondPinged;
      expect(pings).toEqual([1, 1]);
      first.close();
      second.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('terminates a socket that stops answering pings', async () => {
    await app.close();
    await start({}, 50);
    const game = await createGame(app, 'classic');
    const silent = await LiveClient.open(base + game.gameId, { autoPong: false });
    const lively = await LiveClient.open(base + game.gameId);
    expect((await silent.closed).code).toBe(1006);
    expect(lively.socket.readyState).toBe(lively.socket.OPEN);
    lively.close();
  });
});

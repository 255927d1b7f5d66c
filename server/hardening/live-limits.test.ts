import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveMessage } from '../../shared/live.js';
import type { AppOptions } from '../app.js';
import { createGame, logResponse, newUserId, testApp } from '../testing/app.js';
import { LiveClient } from '../testing/live-client.js';
import { openNonReadingSocket, RawConnection } from '../testing/raw-http.js';

let app: FastifyInstance | undefined;
let port: number;
const opened: { close(): void }[] = [];

afterEach(async () => {
  for (const socket of opened.splice(0)) socket.close();
  await app?.close();
  app = undefined;
});

async function start(env: Record<string, string>, options: Partial<AppOptions> = {}) {
  const server = await testApp({ QUESTIONS_PER_GAME: '3', ...env }, options);
  app = server;
  await server.listen({ port: 0, host: '127.0.0.1' });
  port = (server.server.address() as { port: number }).port;
  return server;
}

const liveUrl = (gameId: string) => `ws://127.0.0.1:${port}/prod/live/${gameId}`;

async function openClient(gameId: string, headers: Record<string, string> = {}) {
  const client = await LiveClient.open(liveUrl(gameId), { headers });
  opened.push(client);
  return client;
}

describe('a full game watched by many sockets', () => {
  it('reads and serializes the snapshot once for all the sockets that open, readers or not', async () => {
    const server = await start({ MAX_PLAYERS_PER_GAME: '4' });
    const game = await createGame(server, 'classic');
    for (let i = 0; i < 4; i++)
      expect((await logResponse(server, game.gameId, newUserId(), [1, 1, 1])).statusCode).toBe(200);
    const fifth = await logResponse(server, game.gameId, newUserId(), [1, 1, 1]);
    expect(fifth.json()).toEqual({ code: 'game_full', message: 'This game is full.' });

    const listPlayers = vi.spyOn(server.storage.games, 'listPlayers');
    // Several sockets open at once: three that read, three that never read.
    const [readers, stuck] = await Promise.all([
      Promise.all([1, 2, 3].map(() => openClient(game.gameId))),
      Promise.all([1, 2, 3].map(() => openNonReadingSocket(port, `/prod/live/${game.gameId}`))),
    ]);
    for (const socket of stuck) opened.push({ close: () => socket.destroy() });
    const snapshots = await Promise.all(readers.map((client) => client.message(0)));

    // One read for all of them (the scoreboard cache keeps it, serialized).
    expect(listPlayers).toHaveBeenCalledTimes(1);
    expect(server.websocketServer.clients.size).toBe(6);
    for (const snapshot of snapshots) {
      expect(snapshot).toEqual(snapshots[0]);
      expect((snapshot as Extract<LiveMessage, { type: 'snapshot' }>).players).toHaveLength(4);
    }
  });

  it('does not read the scoreboard again after an event of that game (the bus updates it), but does for another game', async () => {
    const server = await start({});
    const game = await createGame(server, 'classic');
    const other = await createGame(server, 'classic');
    const listPlayers = vi.spyOn(server.storage.games, 'listPlayers');
    const first = await openClient(game.gameId);
    await first.message(0);
    await (await openClient(game.gameId)).message(0);
    expect(listPlayers).toHaveBeenCalledTimes(1);

    await logResponse(server, game.gameId, newUserId(), [1, 1, 1], 'New');
    await first.message(1);
    const late = await openClient(game.gameId);
    expect(await late.message(0)).toMatchObject({ type: 'snapshot', players: [{ playerName: 'New' }] });
    expect(listPlayers).toHaveBeenCalledTimes(1);

    await (await openClient(other.gameId)).message(0);
    expect(listPlayers).toHaveBeenLastCalledWith(other.gameId);
    expect(listPlayers).toHaveBeenCalledTimes(2);
  });
});

describe('LIVE_SOCKETS_PER_ADDRESS', () => {
  it('refuses a further live socket from the same address with 429 before the upgrade', async () => {
    const server = await start({ LIVE_SOCKETS_PER_ADDRESS: '2' });
    const game = await createGame(server, 'classic');
    const [a] = await Promise.all([openClient(game.gameId), openClient(game.gameId)]);
    await expect(LiveClient.open(liveUrl(game.gameId))).rejects.toMatchObject({ statusCode: 429 });
    // The refusal is a plain HTTP answer in the shape of every error, `{code,message}`.
    const refused = new RawConnection(port);
    refused.write(
      `GET /prod/live/${game.gameId} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
        'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    const answer = await refused.answer();
    expect(answer.status).toBe(429);
    expect(JSON.parse(answer.body)).toEqual({
      code: 'too_many_live_connections',
      message: expect.stringMatching(/Too many live connections/),
    });

    // A closed socket frees its place.
    a.close();
    await a.closed;
    await expect.poll(() => server.websocketServer.clients.size).toBe(1);
    const again = await openClient(game.gameId);
    expect((await again.message(0)).type).toBe('snapshot');
  });

  it('counts each client address on its own (behind a trusted proxy)', async () => {
    const server = await start({ LIVE_SOCKETS_PER_ADDRESS: '1', TRUST_PROXY: '1' });
    const game = await createGame(server, 'classic');
    await openClient(game.gameId, { 'X-Forwarded-For': '203.0.113.1' });
    await expect(
      LiveClient.open(liveUrl(game.gameId), { headers: { 'X-Forwarded-For': '203.0.113.1' } }),
    ).rejects.toMatchObject({ statusCode: 429 });
    const other = await openClient(game.gameId, { 'X-Forwarded-For': '203.0.113.2' });
    expect((await other.message(0)).type).toBe('snapshot');
  });
});

describe('client faults on a live socket', () => {
  /** A pino destination that keeps every log line, to read what a client could make us write. */
  function capturedLogs() {
    const lines: { level: number; msg?: string; err?: unknown; stack?: unknown; code?: string }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    return { lines, logger: { level: 'debug', stream } };
  }

  it('closes the socket on an oversized frame and logs one debug line without a stack, nothing at error level', async () => {
    const { lines, logger } = capturedLogs();
    const server = await start({}, { logger });
    const game = await createGame(server, 'classic');
    const rude = await openClient(game.gameId);
    await rude.message(0);
    rude.socket.send('x'.repeat(64 * 1024));
    expect((await rude.closed).code).toBe(1009);
    await expect.poll(() => lines.some((line) => line.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH')).toBe(true);
    const fault = lines.find((line) => line.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH');
    expect(fault?.level).toBe(20);
    expect(JSON.stringify(lines)).not.toMatch(/"stack"|at Receiver/);
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
  });

  it('closes the socket on an unmasked frame the same way', async () => {
    const { lines, logger } = capturedLogs();
    const server = await start({}, { logger });
    const game = await createGame(server, 'classic');
    const socket = await openNonReadingSocket(port, `/prod/live/${game.gameId}`);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.resume();
    // A text frame "hi" without the mask bit: only servers may send those.
    socket.write(Buffer.from([0x81, 0x02, 0x68, 0x69]));
    await closed;
    await expect.poll(() => lines.some((line) => line.code === 'WS_ERR_EXPECTED_MASK')).toBe(true);
    expect(JSON.stringify(lines)).not.toMatch(/"stack"/);
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
  });
});

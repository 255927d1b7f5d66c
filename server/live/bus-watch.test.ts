import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { Player } from '../../shared/api.js';
import { type GameEventListener, InProcessEventBus, type SubscribeOptions } from '../events/bus.js';
import type { GameRepository } from '../games/repository.js';
import { Rooms } from './rooms.js';

/** A bus with a channel per game, as the Redis bus is: it counts who subscribes to which game. */
class PerGameBus extends InProcessEventBus {
  readonly perGame = true;
  readonly watching = new Map<string, number>();

  override subscribe(gameId: string, listener: GameEventListener, options?: SubscribeOptions): () => void {
    this.watching.set(gameId, (this.watching.get(gameId) ?? 0) + 1);
    const unsubscribe = super.subscribe(gameId, listener, options);
    return () => {
      this.watching.set(gameId, (this.watching.get(gameId) ?? 0) - 1);
      unsubscribe();
    };
  }
}

const socket = () =>
  ({
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    _socket: { write: () => true },
    _sender: { _state: 0, _queue: [] },
    send: () => {},
    close: () => {},
    terminate: () => {},
  }) as unknown as WebSocket;

function rooms(readLingerMs: number) {
  const bus = new PerGameBus();
  let reads = 0;
  const players: Player[] = [];
  const games = {
    gameExists: async () => true,
    findGame: async () => ({ gameId: 'g' }),
    listPlayers: async () => {
      reads += 1;
      return [...players];
    },
  } as unknown as GameRepository;
  return { bus, rooms: new Rooms(games, bus, { readLingerMs }), reads: () => reads, players };
}

describe('a room on a bus with a channel per game', () => {
  it('is on the bus while a socket watches, and off it when the last socket leaves', async () => {
    const { bus, rooms: cache } = rooms(60_000);
    const room = cache.room('g');
    expect(bus.watching.get('g') ?? 0).toBe(0);
    const [a, b] = [socket(), socket()];
    await room.join(a);
    await room.join(b);
    expect(bus.watching.get('g')).toBe(1);
    room.leave(a);
    expect(bus.watching.get('g')).toBe(1);
    room.leave(b);
    expect(bus.watching.get('g')).toBe(0);
  });

  it('keeps a board read without sockets, on the bus, until no read came for a while', async () => {
    const { bus, rooms: cache, reads, players } = rooms(150);
    expect(await cache.scoreboard('g')).toBeDefined();
    expect(await cache.scoreboard('g')).toBeDefined();
    // Read once, kept up to date by the bus meanwhile.
    expect(reads()).toBe(1);
    expect(bus.watching.get('g')).toBe(1);
    const ada: Player = { playerID: 'p1', playerName: 'Ada', score: 3 };
    bus.publish('g', { type: 'player', player: ada });
    expect((await cache.scoreboard('g'))?.reply).toContain('Ada');
    // No more reads: off the bus, and the board goes with it (read again next time).
    await expect.poll(() => bus.watching.get('g'), { timeout: 2_000 }).toBe(0);
    players.push(ada);
    expect((await cache.scoreboard('g'))?.reply).toContain('Ada');
    expect(reads()).toBe(2);
  });

  it('hears a deletion while off the bus, from every game', async () => {
    const { bus, rooms: cache } = rooms(0);
    await cache.findGame('g');
    expect(cache.size).toBe(1);
    bus.publish('g', { type: 'deleted' });
    expect(cache.size).toBe(0);
  });
});

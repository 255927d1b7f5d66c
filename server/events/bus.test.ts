import { describe, expect, it, vi } from 'vitest';
import { type GameEvent, InProcessEventBus } from './bus.js';
import { envelopeJson, parseEnvelope } from './envelope.js';
import { NOTIFY_PAYLOAD_LIMIT_BYTES, notifyPayload } from './postgres-bus.js';

const scored: GameEvent = { type: 'player', player: { playerID: 'p1', playerName: 'Bo', score: 7 } };

describe('InProcessEventBus', () => {
  it("delivers a game's events to that game's listeners only", () => {
    const bus = new InProcessEventBus();
    const watching = vi.fn();
    const elsewhere = vi.fn();
    bus.subscribe('game-a', watching);
    bus.subscribe('game-b', elsewhere);
    bus.publish('game-a', scored);
    bus.publish('game-a', { type: 'deleted' });
    expect(watching.mock.calls).toEqual([[scored], [{ type: 'deleted' }]]);
    expect(elsewhere).not.toHaveBeenCalled();
  });

  it('stops delivering once a listener unsubscribes', () => {
    const bus = new InProcessEventBus();
    const listener = vi.fn();
    const unsubscribe = bus.subscribe('game-a', listener);
    unsubscribe();
    bus.publish('game-a', scored);
    expect(listener).not.toHaveBeenCalled();
  });

  it("delivers every game's events, with the game, to a listener of all games until it unsubscribes", () => {
    const bus = new InProcessEventBus();
    const all = vi.fn();
    const unsubscribe = bus.subscribeAll(all);
    bus.publish('game-a', scored);
    bus.publish('game-b', { type: 'deleted' });
    unsubscribe();
    bus.publish('game-c', { type: 'deleted' });
    expect(all.mock.calls).toEqual([
      ['game-a', scored],
      ['game-b', { type: 'deleted' }],
    ]);
  });
});

describe('InProcessEventBus subscriptions', () => {
  it('calls a listener subscribed twice twice, and keeps the other subscription when one ends', () => {
    const bus = new InProcessEventBus();
    const seen: string[] = [];
    const listener = (event: { type: string }) => seen.push(event.type);
    const first = bus.subscribe('g', listener);
    bus.subscribe('g', listener);
    bus.publish('g', { type: 'deleted' });
    first();
    bus.publish('g', { type: 'deleted' });
    expect(seen).toEqual(['deleted', 'deleted', 'deleted']);
  });

  it("tells one game's subscribers, or every game's, to resync; never the listeners of all games", () => {
    const bus = new InProcessEventBus();
    const seen: string[] = [];
    bus.subscribe('a', (event) => seen.push(`a:${event.type}`));
    bus.subscribe('b', (event) => seen.push(`b:${event.type}`));
    bus.subscribeAll((gameId, event) => seen.push(`all:${gameId}:${event.type}`));
    bus.resync('a');
    expect(seen).toEqual(['a:resync']);
    bus.resync();
    expect(seen).toEqual(['a:resync', 'a:resync', 'b:resync']);
  });
});

describe('notifyPayload', () => {
  it('carries the game and the event, and refuses what PostgreSQL could not notify', () => {
    expect(JSON.parse(notifyPayload('game-a', scored))).toEqual({ events: [{ gameId: 'game-a', event: scored }] });
    const huge: GameEvent = { type: 'player', player: { playerID: 'p1', playerName: 'x'.repeat(8000), score: 7 } };
    expect(() => notifyPayload('game-a', huge)).toThrow(/does not fit/);
    // The largest real event (a 40-character name of 4-byte characters) is far below the limit.
    const largest: GameEvent = {
      type: 'player',
      player: { playerID: 'p'.repeat(16), playerName: '😀'.repeat(40), score: 10 },
    };
    expect(Buffer.byteLength(notifyPayload('g'.repeat(32), largest))).toBeLessThan(NOTIFY_PAYLOAD_LIMIT_BYTES / 20);
  });
});

describe('parseEnvelope', () => {
  it("reads who sent a message and whether it is leaving, and a message without events (an instance's beat)", () => {
    expect(parseEnvelope(envelopeJson([], { from: 'abc' }))).toEqual({ events: [], from: 'abc' });
    expect(parseEnvelope(envelopeJson([], { from: 'abc', leaving: true, resync: ['g1'] }))).toEqual({
      events: [],
      from: 'abc',
      leaving: true,
      resync: ['g1'],
    });
    const event = { gameId: 'g1', event: { type: 'deleted' as const } };
    expect(parseEnvelope(envelopeJson([event], { echo: 'e1', from: 'abc' }))).toEqual({
      events: [event],
      echo: 'e1',
      from: 'abc',
    });
    // Instances before these fields: neither is required, and a sender that is not a string is ignored.
    expect(parseEnvelope('{"events":[],"from":7,"leaving":"yes"}')).toEqual({ events: [] });
    expect(parseEnvelope('{"gameId":"g1","event":{"type":"deleted"}}')).toEqual({ events: [event], echo: undefined });
  });
});

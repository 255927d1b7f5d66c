import { describe, expect, it, vi } from 'vitest';
import { type GameEvent, InProcessEventBus } from './bus.js';

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
});

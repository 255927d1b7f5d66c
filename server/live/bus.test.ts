import { describe, expect, it, vi } from 'vitest';
import { InProcessScoreBus } from './bus.js';

const player = { playerID: 'p1', playerName: 'Bo', score: 7 };

describe('InProcessScoreBus', () => {
  it("delivers a game's scores to that game's listeners only", () => {
    const bus = new InProcessScoreBus();
    const watching = vi.fn();
    const elsewhere = vi.fn();
    bus.subscribe('game-a', watching);
    bus.subscribe('game-b', elsewhere);
    bus.publish('game-a', player);
    expect(watching).toHaveBeenCalledWith(player);
    expect(elsewhere).not.toHaveBeenCalled();
  });

  it('stops delivering once a listener unsubscribes', () => {
    const bus = new InProcessScoreBus();
    const listener = vi.fn();
    const unsubscribe = bus.subscribe('game-a', listener);
    unsubscribe();
    bus.publish('game-a', player);
    expect(listener).not.toHaveBeenCalled();
  });
});

import { describe, expect, it } from 'vitest';
import { PLAYING_FADES_AFTER_MS, PLAYING_SHOWN } from '../../shared/live.js';
import { applyTo, Scoreboard } from '../games/scoreboard.js';

const bo = { playerID: 'bo', playerName: 'Bo', round: 1, rounds: 10 };
const cy = { playerID: 'cy', playerName: 'Cy', round: 4, rounds: 10 };

describe('presence on the scoreboard (the live snapshot)', () => {
  it('keeps friends in the order they began, their latest round, and fades them after 10 minutes', () => {
    const board = new Scoreboard();
    const now = Date.now();
    board.setPlaying(bo, now - PLAYING_FADES_AFTER_MS + 60_000);
    board.setPlaying(cy, now - PLAYING_FADES_AFTER_MS - 1);
    expect(board.playing).toEqual([bo]);
    applyTo(board, { type: 'playing', player: { ...bo, round: 2 } });
    // An older round arriving late changes nothing.
    board.setPlaying(bo, now);
    expect(JSON.parse(board.snapshot)).toEqual({ type: 'snapshot', players: [], playing: [{ ...bo, round: 2 }] });
  });

  it('takes a friend out of playing when they finish or are removed, and never puts a finished one back', () => {
    const board = new Scoreboard();
    board.setPlaying(bo, Date.now());
    board.setPlaying(cy, Date.now());
    applyTo(board, { type: 'player', player: { playerID: 'bo', playerName: 'Bo', score: 7 } });
    applyTo(board, { type: 'playing', player: { ...bo, round: 10 } });
    applyTo(board, { type: 'removed', playerID: 'cy' });
    expect(board.playing).toEqual([]);
    expect(JSON.parse(board.snapshot).players).toEqual([{ playerID: 'bo', playerName: 'Bo', score: 7 }]);
    // The get-all-players reply never carries presence.
    board.setPlaying({ ...cy, playerID: 'dee' }, Date.now());
    expect(JSON.parse(board.reply)).toEqual({ players: [{ playerID: 'bo', playerName: 'Bo', score: 7 }] });
  });

  it(`lists the ${PLAYING_SHOWN} most recent and counts the others, as friends begin, come back, are removed and fade`, () => {
    const board = new Scoreboard();
    const now = Date.now();
    const friend = (i: number, round = 1) => ({ playerID: `p${i}`, playerName: `P${i}`, round, rounds: 10 });
    for (let i = 0; i < PLAYING_SHOWN; i++) board.setPlaying(friend(i), now - 60_000 + i);
    board.addMorePlaying(5);
    expect(board.morePlaying).toBe(5);
    // A first round: a new friend; the least recent shown one is counted instead.
    board.setPlaying(friend(100), now);
    expect(board.playing).toHaveLength(PLAYING_SHOWN);
    expect(board.playing.map((p) => p.playerID)).not.toContain('p0');
    expect(board.morePlaying).toBe(6);
    // A later round of one not shown: one of the others comes into view (and another goes).
    board.setPlaying(friend(0, 2), now);
    expect(board.playing.map((p) => p.playerID)).toContain('p0');
    expect(board.morePlaying).toBe(6);
    // Removing a shown friend leaves the count; removing one not shown takes one off it.
    applyTo(board, { type: 'removed', playerID: 'p100' });
    expect(board.morePlaying).toBe(6);
    applyTo(board, { type: 'removed', playerID: 'not-shown' });
    expect(board.morePlaying).toBe(5);
    expect(JSON.parse(board.snapshot)).toMatchObject({ morePlaying: 5 });
    // Once a shown friend fades, the others (less recent) have faded too.
    board.setPlaying({ ...friend(200), round: 1 }, now - PLAYING_FADES_AFTER_MS - 1);
    expect(board.morePlaying).toBe(0);
    expect(JSON.parse(board.snapshot)).not.toHaveProperty('morePlaying');
  });
});

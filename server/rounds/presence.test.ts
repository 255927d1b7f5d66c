import { describe, expect, it } from 'vitest';
import { PLAYING_FADES_AFTER_MS } from '../../shared/live.js';
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
});

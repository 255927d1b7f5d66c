import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '../../../shared/model.js';
import Game from '../../screens/Game.js';
import { startGame } from '../../state/game.js';
import { saveUserName } from '../../state/user.js';
import { advance, choose, mockFetch, renderAt } from '../../test/helpers.js';

// Issue 32, item 10: two tabs share the name box, but a game keeps the name it started with.
const GAME_ID = 'gameAbc12345';
const questions: Question[] = [
  { edition: 'classic', id: 'c1', text: 'Pick a pet', words: ['Dog', 'Cat', 'Fish', 'Bird'] },
];

beforeEach(() => {
  vi.useFakeTimers();
});

describe('a game played in one tab while another tab types a name', () => {
  it("sends the name this tab's game started with", async () => {
    const sent: { userName: string }[] = [];
    mockFetch(async (url, init) => {
      if (url.pathname === '/prod/log-response') sent.push(JSON.parse(String(init?.body)));
      return { body: { ok: true, score: 10, playerID: 'anaPublic01' } };
    });
    saveUserName('Ana');
    startGame('classic', GAME_ID, questions);
    renderAt(`/classic/game/${GAME_ID}`, '/classic/game/:gameId', <Game edition="classic" />);
    // Tab 2 (same browser, same localStorage) joins another game as Bia.
    saveUserName('Bia');
    await choose('Cat');
    await advance(1_000);
    expect(sent).toEqual([expect.objectContaining({ userName: 'Ana' })]);
  });
});

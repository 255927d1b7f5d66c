import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '../../../shared/model.js';
import EndScreen from '../../screens/EndScreen.js';
import Game from '../../screens/Game.js';
import Join from '../../screens/Join.js';
import { loadGame, startGame } from '../../state/game.js';
import { advance, choose, FakeWebSocket, mockFetch, renderAt, sentence } from '../../test/helpers.js';
import { keepAnswers, keptRounds, markStored } from './kept-rounds.js';

const GAME_ID = 'gameAbc12345';
const questions: Question[] = [
  { edition: 'classic', id: 'c1', text: 'Pick a pet', words: ['Dog', 'Cat', 'Fish', 'Bird'] },
  { edition: 'classic', id: 'c2', text: 'Pick a season', words: ['Winter', 'Spring', 'Summer', 'Autumn'] },
  { edition: 'classic', id: 'c3', text: 'Pick a drink', words: ['Tea', 'Coffee', 'Water', 'Juice'] },
];
const OFFLINE = "You're offline. Keep playing: your answers are saved here and will be sent when you're back online.";
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const pick = async (word: string) => {
  await choose(word);
  await advance(400);
};

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  sessionStorage.clear();
});

describe("a friend's rounds, sent one by one", () => {
  it('sends each round as it is answered, goes on offline, and sends the waiting ones in order when back', async () => {
    let online = true;
    const sent: { round: number; answer: number }[] = [];
    let stored = 0;
    mockFetch((url, init) => {
      if (url.pathname !== '/prod/answer-round') return { status: 404, body: { message: 'Not here.' } };
      if (!online) throw new TypeError('Failed to fetch');
      const body = JSON.parse(String(init?.body));
      sent.push({ round: body.round, answer: body.answer });
      if (body.round === stored) stored += 1;
      return { body: { ok: true, playerID: 'pub1', round: stored, rounds: 3 } };
    });
    startGame('classic', GAME_ID, questions);
    renderAt(`/classic/game/${GAME_ID}`, '/classic/game/:gameId', <Game edition="classic" />);
    await pick('Cat');
    expect(sent).toEqual([{ round: 0, answer: 2 }]);
    expect(keptRounds(GAME_ID)).toEqual({ gameId: GAME_ID, answers: [2], stored: 1 });

    // The connection drops: the play goes on, the round waits in this browser.
    online = false;
    await pick('Summer');
    expect(heading()).toBe('Wavelength round 3 of 3');
    expect(keptRounds(GAME_ID)).toEqual({ gameId: GAME_ID, answers: [2, 3], stored: 1 });
    // Said calmly while the round waits (issue 43.6).
    expect(screen.getByRole('status').textContent).toBe(OFFLINE);
    // Back online: the waiting round goes at once, in order.
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await advance(0);
    expect(screen.queryByText(OFFLINE)).toBeNull();
    expect(sent).toEqual([
      { round: 0, answer: 2 },
      { round: 1, answer: 3 },
    ]);
    expect(keptRounds(GAME_ID)?.stored).toBe(2);
  });

  it('retries a failed round by itself, in order, without stalling the rounds', async () => {
    let failures = 2;
    const sent: number[] = [];
    mockFetch((url, init) => {
      if (url.pathname !== '/prod/answer-round') return { status: 404, body: { message: 'Not here.' } };
      if (failures > 0) {
        failures -= 1;
        return { status: 503, body: { message: 'Try again.' } };
      }
      const { round } = JSON.parse(String(init?.body));
      sent.push(round);
      return { body: { ok: true, playerID: 'pub1', round: round + 1, rounds: 3 } };
    });
    startGame('classic', GAME_ID, questions);
    renderAt(`/classic/game/${GAME_ID}`, '/classic/game/:gameId', <Game edition="classic" />);
    await pick('Dog');
    await pick('Winter');
    expect(heading()).toBe('Wavelength round 3 of 3');
    expect(sent).toEqual([]);
    // A busy server is not "offline".
    expect(screen.queryByText(OFFLINE)).toBeNull();
    await advance(1000 + 2000);
    expect(sent).toEqual([0, 1]);
  });

  it('reopening the join link in this browser resumes after the rounds the server stored', async () => {
    keepAnswers(GAME_ID, [4, 1, 2]);
    markStored(GAME_ID, 1);
    mockFetch((url) => {
      switch (url.pathname) {
        case '/prod/is-creator':
          return { body: { playerName: 'Sam', isCreator: false, hasPlayed: false } };
        case '/prod/join-game':
          return {
            body: {
              questions: questions.map((q) => ({
                questionID: q.id,
                question: q.text,
                options: 'words' in q ? q.words : [],
              })),
              gameType: 'Classic',
            },
          };
        case '/prod/get-rounds':
          return { body: { round: 2, rounds: 3 } };
        default:
          return { status: 404, body: { message: 'Not here.' } };
      }
    });
    renderAt(`/join/${GAME_ID}`, '/join/:gameId', <Join />);
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await advance(0);
    // The two rounds the server has stand; the third (never sent) is played again.
    expect(loadGame('classic', GAME_ID)?.answers).toEqual([4, 1]);
    expect(keptRounds(GAME_ID)?.stored).toBe(2);
  });
});

describe('friends playing, on the creator’s end screen', () => {
  it('shows who is playing and how far, turns them into a score row when they finish, and fades them', async () => {
    FakeWebSocket.install();
    mockFetch(() => ({ body: { playerName: 'Ada', isCreator: true, hasPlayed: false } }));
    renderAt(`/endscreen/${GAME_ID}`, '/endscreen/:gameId', <EndScreen />);
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.receive({
      type: 'snapshot',
      players: [],
      playing: [{ playerID: 'bo', playerName: 'Bo', round: 3, rounds: 10 }],
    });
    expect(screen.getByText(sentence('Bo is playing — round 4 of 10'))).toBeTruthy();
    FakeWebSocket.latest.receive({
      type: 'playing',
      player: { playerID: 'cy', playerName: 'Cy', round: 1, rounds: 10 },
    });
    FakeWebSocket.latest.receive({
      type: 'playing',
      player: { playerID: 'bo', playerName: 'Bo', round: 4, rounds: 10 },
    });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Bo is playing — round 5 of 10',
      'Cy is playing — round 2 of 10',
    ]);
    FakeWebSocket.latest.receive({ type: 'player', player: { playerID: 'bo', playerName: 'Bo', score: 7.5 } });
    expect(screen.queryByText(sentence(/Bo is playing/))).toBeNull();
    expect(screen.getByRole('cell', { name: 'Bo' })).toBeTruthy();
    // Cy stops playing: gone 10 minutes after their last round.
    await advance(9 * 60_000);
    expect(screen.getByText(sentence('Cy is playing — round 2 of 10'))).toBeTruthy();
    await advance(60_000);
    expect(screen.queryByText(sentence(/Cy is playing/))).toBeNull();
  });
});

describe('many friends playing, and those who never finish, on the creator’s end screen', () => {
  it('says how many more are playing than listed, and lists unfinished plays with Remove', async () => {
    FakeWebSocket.install();
    const removed: string[] = [];
    mockFetch((url, init) => {
      if (url.pathname === '/prod/get-unfinished') {
        const friends = removed.includes('zed') ? [] : [{ playerID: 'zed', playerName: 'Zed', round: 2, rounds: 10 }];
        return { body: { friends, more: 0 } };
      }
      if (url.pathname === '/prod/remove-player') {
        removed.push(JSON.parse(String(init?.body)).playerID);
        return { body: { ok: true } };
      }
      if (url.pathname === '/prod/get-bursts') return { body: { playerIDs: [] } };
      return { body: { playerName: 'Ada', isCreator: true, hasPlayed: false, mode: 'guess' } };
    });
    renderAt(`/endscreen/${GAME_ID}`, '/endscreen/:gameId', <EndScreen />);
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.receive({
      type: 'snapshot',
      players: [],
      playing: [{ playerID: 'bo', playerName: 'Bo', round: 3, rounds: 10 }],
      morePlaying: 3,
    });
    const playingNow = () => screen.getByRole('list', { name: 'Playing now' });
    expect(playingNow().textContent).toContain('and 3 more');
    // One of the others removed (on another device): one fewer.
    FakeWebSocket.latest.receive({ type: 'removed', playerID: 'someone-not-listed' });
    expect(playingNow().textContent).toContain('and 2 more');
    await advance(0);
    expect(screen.getByRole('heading', { name: 'Started, not finished' })).toBeTruthy();
    expect(screen.getByText(sentence('Zed — 2 of 10 rounds answered'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove', description: 'Zed' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await advance(0);
    expect(removed).toEqual(['zed']);
    expect(screen.queryByText(sentence(/Zed —/))).toBeNull();
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PartyMe } from '../../../../shared/party.js';
import PartyPhone from '../../../screens/PartyPhone.js';
import { advance, FakeWebSocket, mockFetch, renderAt } from '../../../test/helpers.js';
import { answering, PARTY_ID, partyState, sendSmall, sendState } from '../../../test/party.js';
import { AFTER_MILESTONE_MS, Announcements, COUNT_EVERY_MS } from '../announcements.js';

const BO: PartyMe = { playerID: 'b', host: false, answer: null };
const heard = () => screen.getByTestId('party-announcer').textContent;

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.install();
});

describe('Announcements', () => {
  it('says a milestone at once, and a count at most every 5 s, its latest value, never right over a milestone', () => {
    let now = 0;
    const said: string[] = [];
    const queue = new Announcements(
      (text) => said.push(text),
      () => now,
    );
    queue.milestone('Round 1 of 3: answer now.');
    queue.count('1 of 5 answered.');
    expect(said).toEqual(['Round 1 of 3: answer now.']);
    now = AFTER_MILESTONE_MS;
    vi.advanceTimersByTime(AFTER_MILESTONE_MS);
    expect(said.at(-1)).toBe('1 of 5 answered.');
    now += 1000;
    queue.count('2 of 5 answered.');
    queue.count('3 of 5 answered.');
    vi.advanceTimersByTime(COUNT_EVERY_MS - 1001);
    expect(said).toHaveLength(2);
    now += COUNT_EVERY_MS - 1000;
    vi.advanceTimersByTime(1);
    expect(said).toEqual(['Round 1 of 3: answer now.', '1 of 5 answered.', '3 of 5 answered.']);
    queue.count('4 of 5 answered.');
    queue.dropCount();
    vi.advanceTimersByTime(COUNT_EVERY_MS * 2);
    expect(said).toHaveLength(3);
  });
});

describe("a phone's screen reader", () => {
  it('hears the round start, the count rationed, 10 seconds left, its answer sent and the end of answering', async () => {
    mockFetch((url) =>
      url.pathname === '/prod/get-party' ? { body: { ...partyState(), me: BO } } : { body: { ok: true, round: 0 } },
    );
    renderAt(`/party/${PARTY_ID}`, '/party/:partyId', <PartyPhone />);
    await advance(0);
    sendState(partyState(), BO);
    expect(heard()).toBe('');
    sendState(answering({ closesInMs: 20_000 }));
    expect(heard()).toBe('Round 1 of 3: answer now.');
    sendSmall({ type: 'answered', playerID: 'a' });
    expect(heard()).toBe('Round 1 of 3: answer now.');
    await advance(AFTER_MILESTONE_MS);
    expect(heard()).toBe('1 of 3 answered.');
    await advance(1000);
    sendSmall({ type: 'answered', playerID: 'c' });
    await advance(COUNT_EVERY_MS - 1100);
    expect(heard()).toBe('1 of 3 answered.');
    await advance(100);
    expect(heard()).toBe('2 of 3 answered.');
    // 20 s deadline: 10 s left comes 10 s after the round began.
    await advance(10_000 - AFTER_MILESTONE_MS - COUNT_EVERY_MS);
    expect(heard()).toBe('10 seconds left.');
    fireEvent.click(screen.getByRole('button', { name: 'Lock in 50' }));
    await advance(0);
    expect(heard()).toBe('Answer sent.');
    // One live region on the page: the waiting count changes with each answer and is not read out there.
    expect(document.querySelectorAll('[aria-live], [role="status"], [role="alert"]')).toHaveLength(1);
    sendState(
      answering({ phase: 'reveal', closesInMs: 8000, reveal: { answers: [], subjectAnswer: 10, closest: [] } }),
    );
    expect(heard()).toBe("Time's up.");
  });

  it('hears "Everyone has answered" when the round closes early, and no "10 seconds left" after answering', async () => {
    mockFetch(() => ({ body: { ...partyState(), me: { ...BO, answer: 40 } } }));
    renderAt(`/party/${PARTY_ID}`, '/party/:partyId', <PartyPhone />);
    await advance(0);
    sendState(partyState(), BO);
    sendState(answering({ closesInMs: 20_000 }), { ...BO, answer: 40 });
    await advance(15_000);
    expect(heard()).toBe('Round 1 of 3: answer now.');
    const all = answering().players.map((player) => ({ ...player, answered: true }));
    sendState(
      answering({
        phase: 'reveal',
        players: all,
        closesInMs: 8000,
        reveal: { answers: [], subjectAnswer: 1, closest: [] },
      }),
    );
    expect(heard()).toBe('Everyone has answered.');
  });
});

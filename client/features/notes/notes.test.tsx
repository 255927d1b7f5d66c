import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTE_MAX_LENGTH } from '../../../shared/notes.js';
import Scoreboard from '../../screens/Scoreboard.js';
import { advance, FakeWebSocket, mockFetch, renderAt } from '../../test/helpers.js';
import { LeaveNote } from './LeaveNote.js';

const GAME_ID = 'gameAbc12345';
const PLAYER = '00000000-0000-4000-8000-000000000001';
const HOSTILE = '<img src=x onerror=alert(1)> nice one';

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.install();
});

const leaveNote = () =>
  render(
    <MemoryRouter>
      <LeaveNote gameId={GAME_ID} playerId={PLAYER} creator="Ada" />
    </MemoryRouter>,
  );

describe('a friend’s note', () => {
  it('sends one reaction and the words, counting what is left, then says it is on its way (and stays said)', async () => {
    const fetchMock = mockFetch(() => ({ body: { ok: true } }));
    leaveNote();
    expect(screen.getByRole('heading', { name: 'Leave Ada a note' })).toBeTruthy();
    expect(screen.getByText(`${NOTE_MAX_LENGTH} characters left`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Laughing' }));
    fireEvent.click(screen.getByRole('button', { name: 'On fire' }));
    // One reaction at a time: the last pressed.
    expect(screen.getByRole('button', { name: 'Laughing' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'On fire' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(screen.getByLabelText('A few words (only they will see them)'), { target: { value: HOSTILE } });
    expect(screen.getByText(`${NOTE_MAX_LENGTH - Array.from(HOSTILE).length} characters left`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await advance(0);
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toContain('/prod/leave-note');
    expect(JSON.parse(String(init?.body))).toEqual({
      gameId: GAME_ID,
      playerId: PLAYER,
      reaction: '🔥',
      note: HOSTILE,
    });
    expect(screen.getByRole('status').textContent).toBe('Your note is on its way to Ada.');
    // Another visit of this result: not offered again.
    leaveNote();
    expect(screen.queryAllByRole('button', { name: 'Send' })).toHaveLength(0);
  });

  it('asks for something before sending nothing, and stops typing at 140 characters', async () => {
    const fetchMock = mockFetch(() => ({ body: { ok: true } }));
    leaveNote();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toBe('Pick a reaction or write a few words.');
    expect(fetchMock).not.toHaveBeenCalled();
    const field = screen.getByLabelText('A few words (only they will see them)') as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: '😂'.repeat(NOTE_MAX_LENGTH + 5) } });
    expect(Array.from(field.value)).toHaveLength(NOTE_MAX_LENGTH);
    expect(screen.getByText('0 characters left')).toBeTruthy();
  });

  it('reads a note already left (409) as sent, and says a failure in words', async () => {
    let status = 500;
    mockFetch(() =>
      status === 409
        ? { status, body: { code: 'note_already_left', message: 'You already left a note for this game.' } }
        : { status, body: { code: 'internal_error', message: 'Something went wrong on our side.' } },
    );
    leaveNote();
    fireEvent.click(screen.getByRole('button', { name: 'Love' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await advance(0);
    expect(screen.getByRole('alert')).toBeTruthy();
    status = 409;
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await advance(0);
    expect(screen.getByRole('status').textContent).toContain('on its way');
  });
});

describe('notes on the creator’s scoreboard', () => {
  it('appear beside the friend’s score when the live channel tells of one, markup shown as text', async () => {
    let notes: unknown[] = [];
    const fetchMock = mockFetch((url) => {
      if (url.pathname.endsWith('/is-creator')) {
        return { body: { playerName: 'Ada', isCreator: true, hasPlayed: false, mode: 'alike' } };
      }
      if (url.pathname.endsWith('/get-notes')) return { body: { notes } };
      return { body: { replies: [], playerIDs: [], friends: [], more: 0, pairs: [], players: 0 } };
    });
    renderAt(`/scoreboard/${GAME_ID}`, '/scoreboard/:gameId', <Scoreboard />);
    await advance(0);
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.receive({ type: 'snapshot', players: [{ playerID: 'p1', playerName: 'Bo', score: 7.5 }] });
    await advance(0);
    expect(screen.queryByText(/nice one/)).toBeNull();

    notes = [{ playerID: 'p1', playerName: 'Bo', reaction: '😂', note: HOSTILE, createdAt: '2026-11-26T18:00:00Z' }];
    FakeWebSocket.latest.receive({ type: 'note', playerID: 'p1' });
    await advance(0);
    const row = screen.getByRole('row', { name: /Bo/ });
    expect(row.textContent).toContain('😂');
    expect(row.textContent).toContain(HOSTILE);
    expect(row.querySelector('img')).toBeNull();
    expect(row.textContent).toContain('7.5/10');
    // get-notes was read once at the start and once for the note heard.
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/get-notes'))).toHaveLength(2);
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ClaimGame from '../../screens/ClaimGame.js';
import EndScreen from '../../screens/EndScreen.js';
import { advance, FakeWebSocket, mockFetch } from '../../test/helpers.js';

// Issue 32, items 8 and 10: the link box's address copies too; a claimed creator link says what happened.
const GAME_ID = 'gameAbc12345';

function open(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/creator/:gameId" element={<ClaimGame />} />
        <Route path="/endscreen/:gameId" element={<EndScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.install();
});

describe("the creator's screens", () => {
  it('copies the link when the address itself is clicked, and says so for 1.5 s', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    mockFetch(() => ({ body: { isCreator: true, hasPlayed: false, playerName: 'Ada' } }));
    open(`/endscreen/${GAME_ID}`);
    fireEvent.click(screen.getByTestId('share-url'));
    await advance(0);
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/join/${GAME_ID}`);
    expect(screen.getByText('Copied to clipboard!')).toBeTruthy();
    await advance(1_500);
    expect(screen.queryByText('Copied to clipboard!')).toBeNull();
  });

  it('says this device is now a creator after a creator link is claimed', async () => {
    mockFetch(() => ({ body: { ok: true, isCreator: true, hasPlayed: false, playerName: 'Ada' } }));
    open(`/creator/${GAME_ID}#theKey1234567890abcdef`);
    await advance(0);
    await advance(0);
    expect(screen.getByText(/^This device is now a creator of this game/).getAttribute('role')).toBe('status');
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NEW_GAME_ID } from '../../shared/product.js';
import { loadGame } from '../state/game.js';
import { userName } from '../state/user.js';
import { advance, mockFetch } from '../test/helpers.js';
import Landing from './Landing.js';

const questions = [{ questionID: 'c1', question: 'Pick a pet', options: ['Dog', 'Cat', 'Fish', 'Bird'] }];

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function openLanding(path: string, state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: path, state }]}>
      <Routes>
        <Route path="/spectrum" element={<Landing edition="spectrum" />} />
        <Route path="/classic" element={<Landing edition="classic" />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});

describe('landing screen', () => {
  it('keeps Play disabled, reading Loading..., until the questions of the edition arrive', async () => {
    const fetchMock = mockFetch(() => ({ body: { questions } }));
    openLanding('/classic');
    const button = screen.getByRole('button', { name: 'Loading...' });
    expect(button).toHaveProperty('disabled', true);
    await advance(0);
    expect(String(fetchMock.mock.calls[0][0])).toBe('/prod/get-questions?gametype=classic');
    expect(screen.getByRole('button', { name: 'Play' })).toHaveProperty('disabled', false);
  });

  it('starts a new game with the loaded questions and the name given (empty is fine)', async () => {
    mockFetch(() => ({ body: { questions } }));
    openLanding('/classic');
    await advance(0);
    const name = screen.getByPlaceholderText('What name do you go by?');
    fireEvent.change(name, { target: { value: 'Robin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByTestId('where').textContent).toBe(`/classic/game/${NEW_GAME_ID}`);
    expect(loadGame('classic', NEW_GAME_ID)?.questions).toEqual([
      { edition: 'classic', id: 'c1', text: 'Pick a pet', words: ['Dog', 'Cat', 'Fish', 'Bird'] },
    ]);
    expect(userName()).toBe('Robin');
  });

  it('switches edition through the path', async () => {
    const fetchMock = mockFetch(() => ({ body: { questions } }));
    openLanding('/spectrum');
    await advance(0);
    expect(screen.getByRole('button', { name: 'Spectrum' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Classic' }));
    await advance(0);
    expect(screen.getByRole('button', { name: 'Classic' }).getAttribute('aria-pressed')).toBe('true');
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('/prod/get-questions?gametype=classic');
  });

  it('only logs a failed question load', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(() => ({ status: 500, body: { message: 'Database unavailable' } }));
    openLanding('/spectrum');
    await advance(0);
    expect(consoleError).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the error another screen sent it', async () => {
    mockFetch(() => ({ body: { questions } }));
    openLanding('/spectrum', { error: 'No score for this player.' });
    expect(screen.getByRole('alert').textContent).toBe('Error: No score for this player.');
    await advance(0);
  });
});

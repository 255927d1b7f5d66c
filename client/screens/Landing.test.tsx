import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NEW_GAME_ID } from '../../shared/product.js';
import { activateLanguage } from '../i18n/i18n.js';
import { loadGame } from '../state/game.js';
import { userName } from '../state/user.js';
import { advance, mockFetch } from '../test/helpers.js';
import Landing, { QUESTIONS_FAILED } from './Landing.js';

const questions = [{ questionID: 'c1', question: 'Pick a pet', options: ['Dog', 'Cat', 'Fish', 'Bird'] }];
const spectrumQuestions = [{ questionID: 's1', question: 'I sing in the shower.', options: 'C' }];
/** get-questions of the edition asked for. */
const bank = (url: URL) => ({
  body: { questions: url.searchParams.get('gametype') === 'spectrum' ? spectrumQuestions : questions },
});

function Where() {
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="where">{useLocation().pathname}</p>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </>
  );
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

  it('Back from the game returns to the landing (Play adds to the history, not over it), the game kept to resume (issue 43.6)', async () => {
    mockFetch(() => ({ body: { questions } }));
    openLanding('/classic');
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByTestId('where').textContent).toBe(`/classic/game/${NEW_GAME_ID}`);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await advance(0);
    expect(screen.queryByTestId('where')).toBeNull();
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
    expect(loadGame('classic', NEW_GAME_ID)).toBeTruthy();
  });

  it('says what the guess switch does, and Play with it on starts a guess game', async () => {
    mockFetch(() => ({ body: { questions } }));
    openLanding('/classic');
    await advance(0);
    const guess = screen.getByRole('checkbox', { name: 'Friends guess my answers' });
    const hint = document.getElementById(guess.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(
      'They answer as they think you would, and see after each round how close they came.',
    );
    fireEvent.click(guess);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(loadGame('classic', NEW_GAME_ID)?.mode).toBe('guess');
  });

  it('switches edition through the path', async () => {
    const fetchMock = mockFetch(bank);
    openLanding('/spectrum');
    await advance(0);
    expect(screen.getByRole('button', { name: 'Spectrum' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Classic' }));
    await advance(0);
    expect(screen.getByRole('button', { name: 'Classic' }).getAttribute('aria-pressed')).toBe('true');
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('/prod/get-questions?gametype=classic');
  });

  it('says when the questions failed to load, and Try again loads them', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let down = true;
    const fetchMock = mockFetch(() =>
      down ? { status: 500, body: { message: 'Database unavailable' } } : { body: { questions } },
    );
    openLanding('/classic');
    await advance(0);
    expect(screen.getByRole('alert').textContent).toBe('Database unavailable');
    // Shown on arrival: the focus is not taken from the name box.
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByRole('button', { name: 'Play' })).toHaveProperty('disabled', false);

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Loading...' })).toHaveProperty('disabled', true);
    await advance(0);
    expect(screen.getByRole('alert').textContent).toBe('Database unavailable');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Try again' }));

    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByTestId('where').textContent).toBe(`/classic/game/${NEW_GAME_ID}`);
    expect(loadGame('classic', NEW_GAME_ID)?.questions.map((q) => q.id)).toEqual(['c1']);
  });

  it('says in a plain sentence when no answer came, and Play loads the questions again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let down = true;
    const fetchMock = vi.fn(async () => {
      if (down) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ questions }), { headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    openLanding('/classic');
    await advance(0);
    expect(screen.getByRole('alert').textContent).toBe(QUESTIONS_FAILED.message);
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByTestId('where').textContent).toBe(`/classic/game/${NEW_GAME_ID}`);
  });

  it('shows the error another screen sent it', async () => {
    mockFetch(bank);
    openLanding('/spectrum', { error: { code: 'no_score', message: 'No score for this player.' } });
    expect(screen.getByRole('alert').textContent).toBe('Error: No score for this player.');
    await advance(0);
  });

  it("shows it in the reader's language by its code, whatever its English", async () => {
    await activateLanguage('es');
    try {
      mockFetch(bank);
      openLanding('/spectrum', { error: { code: 'no_score', message: 'No score for this player.' } });
      expect(screen.getByRole('alert').textContent).toContain('Todavía no tienes puntuación en este juego.');
      await advance(0);
    } finally {
      await activateLanguage('en');
    }
  });

  it('offers the packs in one tap: the questions come from the pack, which stays in the address and the game', async () => {
    const fetchMock = mockFetch(bank);
    openLanding('/classic');
    await advance(0);
    const any = screen.getByRole('button', { name: 'A bit of everything' });
    expect(any.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '💞 Couples' }));
    await advance(0);
    expect(screen.getByRole('button', { name: '💞 Couples' }).getAttribute('aria-pressed')).toBe('true');
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('/prod/get-questions?gametype=classic&pack=couples');
    // The other edition keeps the pack chosen.
    fireEvent.click(screen.getByRole('button', { name: 'Spectrum' }));
    await advance(0);
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('/prod/get-questions?gametype=spectrum&pack=couples');
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(loadGame('spectrum', NEW_GAME_ID)?.pack).toBe('couples');
  });

  it("says so when this server's questions have none of a theme, instead of loading again and again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch((url) =>
      url.searchParams.get('pack') === 'work'
        ? {
            status: 404,
            body: {
              code: 'pack_empty',
              message: 'This server has no questions in that theme yet. Pick another theme.',
            },
          }
        : bank(url),
    );
    openLanding('/classic');
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: /Work/ }));
    await advance(0);
    expect(screen.getByRole('alert').textContent).toContain('no questions in that theme');
  });
});

describe('play together', () => {
  it('leads to the party page, where a code is typed or a party started', async () => {
    mockFetch(bank);
    openLanding('/spectrum');
    fireEvent.click(screen.getByRole('link', { name: 'Play together' }));
    expect(screen.getByTestId('where').textContent).toBe('/party');
    await advance(0);
  });
});

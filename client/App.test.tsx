import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { NEW_GAME_ID } from '../shared/product.js';
import { App } from './App.js';
import { ErrorBoundary } from './screens/ErrorScreen.js';
import { startGame } from './state/game.js';
import { advance, mockFetch } from './test/helpers.js';

function Broken(): never {
  throw new Error('boom');
}

describe('app routes', () => {
  it('sends / to the Spectrum landing screen', async () => {
    vi.useFakeTimers();
    mockFetch(() => ({ body: { questions: [] } }));
    render(
      <MemoryRouter initialEntries={['/']}>
        <App />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Spectrum' }).getAttribute('aria-pressed')).toBe('true');
    await advance(0);
  });

  it("opens a creator's game in the making on its question screen", async () => {
    startGame('spectrum', NEW_GAME_ID, [{ edition: 'spectrum', id: 's1', text: 'I sing.', scale: 'rarely-often' }]);
    render(
      <MemoryRouter initialEntries={[`/spectrum/game/${NEW_GAME_ID}`]}>
        <App />
      </MemoryRouter>,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Wavelength round 1 of 1');
  });

  it('shows the product\'s own "Nothing here" page, with a way home, for an unknown address', async () => {
    render(
      <MemoryRouter initialEntries={['/nowhere']}>
        <App />
      </MemoryRouter>,
    );
    // A lazy screen, like every screen but the landing one.
    expect((await screen.findByRole('heading', { level: 1, name: 'Nothing here' })).textContent).toBe('Nothing here');
    expect(screen.getByRole('link', { name: 'Back to Wavelength' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText(/Unexpected Application Error|404 Not Found/)).toBeNull();
  });

  it('shows the fallback screen when a screen crashes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unexpected Application Error!');
    expect(screen.getByText('boom')).toBeTruthy();
  });
});

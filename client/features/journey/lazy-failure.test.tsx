import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '../../lazy.js';
import { ErrorBoundary } from '../../screens/ErrorScreen.js';

// Issue 32, item 5: a screen whose code fails to load says "Check your connection" with Try
// again, where the person is (no raw technical message, no trip to the landing page).
describe('a screen whose code does not arrive', () => {
  it('offers Try again, which fetches the code again and shows the screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React and the boundary report the failure
    let online = false;
    const Screen = lazyScreen(async () => {
      if (!online) throw new TypeError('Failed to fetch dynamically imported module: /assets/Game-x.js');
      return { default: () => <h1>The round</h1> };
    });
    await act(async () => {
      render(
        <ErrorBoundary>
          <Suspense fallback={<p>Loading</p>}>
            <Screen />
          </Suspense>
        </ErrorBoundary>,
      );
    });
    expect(screen.getByRole('alert').textContent).toBe('Check your connection and try again.');
    expect(screen.queryByText(/dynamically imported module/)).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    online = true;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('The round');
  });
});

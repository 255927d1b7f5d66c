import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/helpers.js';
import { NotifyWhenFriendsPlay } from './NotifyWhenFriendsPlay.js';

/** A browser that can receive push, whose push service answers `subscribe` as given. */
function pushBrowser(subscribe: () => Promise<unknown>) {
  const registration = { pushManager: { getSubscription: async () => null, subscribe } };
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { requestPermission: async () => 'granted' });
  vi.stubGlobal('navigator', {
    ...navigator,
    serviceWorker: {
      register: async () => registration,
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
    },
  });
}

beforeEach(() => {
  localStorage.clear();
});

describe('Tell me when friends play', () => {
  it("says the browser would not, not 'check your connection', when its push service refuses (issue 43.6)", async () => {
    mockFetch(() => ({ body: { publicKey: 'BAAA' } }));
    pushBrowser(async () => {
      throw new DOMException('Registration failed - push service error', 'AbortError');
    });
    render(<NotifyWhenFriendsPlay gameId="gameAbc12345" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Tell me when friends play' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "This browser wouldn't turn on notifications. The scoreboard still shows every friend who plays.",
    );
  });

  it("says 'check your connection' when the server cannot be reached", async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    pushBrowser(async () => ({}));
    render(<NotifyWhenFriendsPlay gameId="gameAbc12345" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Tell me when friends play' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Couldn't turn on notifications. Check your connection and try again.",
    );
  });
});

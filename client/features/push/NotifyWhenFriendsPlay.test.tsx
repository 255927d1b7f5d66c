import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http.js';
import { activateLanguage } from '../../i18n/i18n.js';
import { NotifyWhenFriendsPlay } from './NotifyWhenFriendsPlay.js';
import { PUSH_FAILED, subscribeToGame } from './push.js';

// The browser's side (permission, service worker, PushManager) is push.ts's: here it answers as told.
vi.mock('./push.js', async (original) => ({
  ...(await original<typeof import('./push.js')>()),
  pushSupported: () => true,
  isSubscribed: async () => false,
  subscribeToGame: vi.fn(),
}));

const turnOn = () => fireEvent.click(screen.getByRole('button', { name: /./ }));

describe('Tell me when friends play', () => {
  afterEach(() => activateLanguage('en'));

  it('says why the server refused, in the reader’s language: too many games notified', async () => {
    vi.mocked(subscribeToGame).mockRejectedValue(
      new ApiError(
        {
          code: 'too_many_creator_push_subscriptions',
          message: 'You already get notifications for too many games; turn some off first.',
        },
        409,
        true,
      ),
    );
    await activateLanguage('de');
    render(<NotifyWhenFriendsPlay gameId="gameAbc12345" />);
    await screen.findByRole('button');
    turnOn();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Du bekommst schon für zu viele Spiele Benachrichtigungen; schalte zuerst ein paar aus.',
    );
  });

  it('without an answer from the server, asks to check the connection', async () => {
    // What the call throws when no answer came (api/http.ts): the fallback, not from the server.
    vi.mocked(subscribeToGame).mockRejectedValue(new ApiError(PUSH_FAILED, 0, false));
    render(<NotifyWhenFriendsPlay gameId="gameAbc12345" />);
    await screen.findByRole('button');
    turnOn();
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Couldn't turn on notifications. Check your connection and try again.",
    );
  });
});

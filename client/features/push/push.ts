/**
 * Web Push in the browser: whether it can, the service worker, and which games this browser gets
 * notifications for. One browser subscription serves every game; the server keeps it per game.
 */
import { apiCall } from '../../api/http.js';
import { failure } from '../../i18n/failure.js';
import { local } from '../../state/storage.js';

const GAMES_KEY = 'wavelength.pushGames';
/** What the card says when notifications could not be turned on and the server gave no reason. */
export const PUSH_FAILED = failure(
  'push_failed',
  "Couldn't turn on notifications. Check your connection and try again.",
);

/** Push needs a service worker, the Push API and notifications (iOS: only once installed to the home screen). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function subscribedGames(): string[] {
  try {
    const games = JSON.parse(local.get(GAMES_KEY) ?? '[]') as unknown;
    return Array.isArray(games) ? games.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function rememberGames(games: string[]): void {
  local.set(GAMES_KEY, JSON.stringify(games));
}

/** Whether this browser asked for this game's notifications (and still has its subscription). */
export async function isSubscribed(gameId: string): Promise<boolean> {
  if (!pushSupported() || !subscribedGames().includes(gameId)) return false;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) != null;
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export type SubscribeOutcome = 'subscribed' | 'blocked';

/** Asks for permission if needed, subscribes this browser, and hands the subscription to the server for this game. */
export async function subscribeToGame(gameId: string, userId: string): Promise<SubscribeOutcome> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'blocked';
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription) {
    const { publicKey } = await apiCall('push-key', { query: {} }, { fallback: PUSH_FAILED });
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    });
  }
  const json = subscription.toJSON();
  await apiCall(
    'subscribe-push',
    {
      body: {
        gameId,
        userId,
        subscription: {
          endpoint: subscription.endpoint,
          expirationTime: subscription.expirationTime,
          keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
        },
      },
    },
    { fallback: PUSH_FAILED },
  );
  rememberGames([...subscribedGames().filter((id) => id !== gameId), gameId]);
  return 'subscribed';
}

/** Stops this game's notifications; the browser's subscription goes too once no game uses it. */
export async function unsubscribeFromGame(gameId: string, userId: string): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await apiCall(
      'unsubscribe-push',
      { body: { gameId, userId, endpoint: subscription.endpoint } },
      { fallback: PUSH_FAILED },
    );
  }
  const games = subscribedGames().filter((id) => id !== gameId);
  rememberGames(games);
  if (games.length === 0) await subscription?.unsubscribe();
}

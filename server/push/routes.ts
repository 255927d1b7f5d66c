/**
 * Web Push for creators: the server's public key, and creators' subscriptions per game. Sending
 * is the notifier's (notifier.ts), off every request's path.
 */
import type { FastifyPluginAsync } from 'fastify';
import { badRequest, conflict, forbidden, notFound, unknownGame } from '../errors.js';
import { isGameCreator } from '../games/creator.js';
import type { Game, GameRepository } from '../games/repository.js';
import { endpoint } from '../http/endpoint.js';
import { isAllowedPushEndpoint } from '../http/push-hosts.js';
import type { PushRepository, VapidKeys } from './repository.js';

/** Subscriptions one game takes: a creator's devices and co-creators', with room to spare. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_GAME = 50;

/**
 * Subscriptions one creator (the subscribing user id) holds across their games: one browser is
 * one subscription per game, so a hundred games notified at once. Without it one creator could
 * load the push queue with thousands (10 games × 50 was the attack).
 */
export const MAX_PUSH_SUBSCRIPTIONS_PER_CREATOR = 100;

export interface PushRoutesOptions {
  push: PushRepository;
  games: Pick<GameRepository, 'isCoCreator'>;
  findGame: (gameId: string) => Promise<Game | undefined>;
  /** The server's key pair, or undefined when Web Push is off (PUSH_SERVICE_HOSTS=none). */
  keys: VapidKeys | undefined;
  hosts: readonly string[];
}

export const pushRoutes: FastifyPluginAsync<PushRoutesOptions> = async (
  app,
  { push, games, findGame, keys, hosts },
) => {
  const pushOff = () => notFound('push_off', 'Notifications are turned off on this server.');

  async function requireCreator(gameId: string, userId: string): Promise<void> {
    const game = await findGame(gameId);
    if (!game) throw unknownGame();
    if (!(await isGameCreator(games, game, userId))) {
      throw forbidden('creator_only', 'Only the creator of this game can get its notifications.');
    }
  }

  endpoint(app, 'push-key', async () => {
    if (!keys) throw pushOff();
    return { publicKey: keys.publicKey };
  });

  endpoint(app, 'subscribe-push', async ({ gameId, userId, subscription }) => {
    if (!keys) throw pushOff();
    await requireCreator(gameId, userId);
    if (!isAllowedPushEndpoint(subscription.endpoint, hosts)) {
      throw badRequest(
        'push_endpoint_not_allowed',
        'The field "subscription.endpoint" must be an https address of a known push service.',
      );
    }
    const result = await push.subscribe(
      gameId,
      userId,
      { endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
      { perGame: MAX_PUSH_SUBSCRIPTIONS_PER_GAME, perCreator: MAX_PUSH_SUBSCRIPTIONS_PER_CREATOR },
    );
    if (result === 'missing') throw unknownGame();
    if (result === 'full')
      throw conflict('too_many_push_subscriptions', 'This game has too many devices getting notifications.');
    if (result === 'creatorFull')
      throw conflict(
        'too_many_creator_push_subscriptions',
        'You already get notifications for too many games; turn some off first.',
      );
    return { ok: true as const };
  });

  endpoint(app, 'unsubscribe-push', async ({ gameId, userId, endpoint: pushEndpoint }) => {
    if (!keys) throw pushOff();
    await requireCreator(gameId, userId);
    // Stopping twice is no error: the subscription is gone either way.
    await push.unsubscribe(gameId, pushEndpoint);
    return { ok: true as const };
  });
};

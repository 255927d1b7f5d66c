import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { removePlayer } from '../../api/calls.js';
import { ApiError } from '../../api/http.js';
import { shownName } from '../../i18n/names.js';
import { userId } from '../../state/user.js';
import { ConfirmAction } from './ConfirmAction.js';

/**
 * The creator's Remove for one friend (finished or not), asked once more before it goes;
 * `onRemoved` runs once the friend is gone, here or already from another device.
 */
export function RemoveFriend({
  gameId,
  playerID,
  playerName,
  icon,
  onRemoved,
}: {
  gameId: string;
  playerID: string;
  playerName: string;
  icon?: ReactNode;
  onRemoved: () => void;
}) {
  const { i18n, t } = useLingui();
  const name = shownName(i18n, playerName);
  return (
    <ConfirmAction
      size="small"
      icon={icon}
      label={t`Remove`}
      target={name}
      question={t`Remove ${name}?`}
      confirmLabel={t`Yes`}
      onConfirm={async () => {
        try {
          await removePlayer(gameId, userId(), playerID);
        } catch (error) {
          // Already gone (removed from another device, or finished): the row goes all the same.
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        }
        onRemoved();
      }}
    />
  );
}

import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { Player } from '../../../shared/api.js';
import { isolate } from '../../../shared/names.js';
import { apiCall, REQUEST_FAILED } from '../../api/http.js';
import { useApi } from '../../api/useApi.js';
import { Isolated } from '../../i18n/Isolated.js';
import { joinPath } from '../../paths.js';
import { userId } from '../../state/user.js';

/**
 * For the creator: "Bo made a game for you — play it", for every game a friend made back, those
 * from before this visit (get-replies) and those arriving live.
 */
export function Replies({
  gameId,
  players,
  live,
}: {
  gameId: string;
  players: readonly Player[];
  live: readonly { playerID: string; gameId: string }[];
}) {
  const { t } = useLingui();
  const stored = useApi(['get-replies', gameId], (signal) =>
    apiCall('get-replies', { query: { gameId, userId: userId() } }, { signal, fallback: REQUEST_FAILED }),
  );
  const earlier = stored.data?.replies ?? [];
  const all = [
    ...earlier,
    ...live
      .filter((reply) => !earlier.some((e) => e.gameId === reply.gameId))
      .map((reply) => ({
        ...reply,
        playerName: players.find((p) => p.playerID === reply.playerID)?.playerName,
      })),
  ];
  if (all.length === 0) return null;
  return (
    <section className="card replies" aria-label={t`Games made for you`}>
      <ul>
        {all.map((reply) => {
          const name = isolate(reply.playerName?.trim() || t`A friend`);
          return (
            <li key={reply.gameId}>
              <Link to={joinPath(reply.gameId)}>
                <Isolated text={t`${name} made a game for you — play it`} />
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

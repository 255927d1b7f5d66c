import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { ReplyOf } from '../../../shared/api.js';
import { apiCall, REQUEST_FAILED } from '../../api/http.js';
import { Isolated } from '../../i18n/Isolated.js';
import { nameInSentence } from '../../i18n/names.js';
import { userId } from '../../state/user.js';
import { BurstMark } from '../circle/BurstMark.js';
import { useBursts } from '../circle/useBursts.js';
import { RemoveFriend } from './RemoveFriend.js';

type Unfinished = ReplyOf<'get-unfinished'>;
const NONE: Unfinished = { friends: [], more: 0 };

/**
 * For a game's creator: friends who began round by round and have not finished (get-unfinished),
 * however long ago, each with Remove. In a guess game each round shows the creator's answer once it
 * is stored, so a second name that never finishes is how someone reads every answer before playing
 * for real: such plays count for their network, are marked when they came in a burst, and can go.
 * Asked again whenever `changed` does (the live board: a friend finished, was removed, played).
 */
export function UnfinishedPlays({ gameId, changed }: { gameId: string; changed: string }) {
  const { i18n, t } = useLingui();
  const [list, setList] = useState<Unfinished>(NONE);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());

  // biome-ignore lint/correctness/useExhaustiveDependencies: `changed` (the live board) asks again
  useEffect(() => {
    const controller = new AbortController();
    apiCall(
      'get-unfinished',
      { query: { gameId, userId: userId() } },
      { signal: controller.signal, fallback: REQUEST_FAILED },
    )
      .then((reply) => setList(Array.isArray(reply.friends) ? reply : NONE))
      // A hint for the creator: a failure shows nothing.
      .catch(() => {});
    return () => controller.abort();
  }, [gameId, changed]);

  const friends = list.friends.filter((friend) => !removed.has(friend.playerID));
  const bursts = useBursts(
    gameId,
    friends.map((friend) => ({ playerID: friend.playerID, playerName: friend.playerName, score: 0 })),
    friends.length > 0,
  );
  if (friends.length === 0) return null;
  const others = list.more;
  return (
    <section className="card unfinished" aria-labelledby="unfinished-heading">
      <h2 id="unfinished-heading">{t`Started, not finished`}</h2>
      <p className="players-hint">{t`They started but have not finished yet. Remove anyone you don't know.`}</p>
      <ul className="unfinished__list">
        {friends.map((friend) => {
          const name = nameInSentence(i18n, friend.playerName);
          const { round, rounds } = friend;
          const line = t`${name} — ${round} of ${rounds} rounds answered`;
          return (
            <li key={friend.playerID} className="unfinished__friend">
              <span>
                <Isolated text={line} />
                {bursts.has(friend.playerID) && <BurstMark />}
              </span>
              <RemoveFriend
                gameId={gameId}
                playerID={friend.playerID}
                playerName={friend.playerName}
                onRemoved={() => setRemoved((ids) => new Set(ids).add(friend.playerID))}
              />
            </li>
          );
        })}
        {others > 0 && (
          <li className="unfinished__friend">{t`${plural(others, { one: 'and # more', other: 'and # more' })}`}</li>
        )}
      </ul>
    </section>
  );
}

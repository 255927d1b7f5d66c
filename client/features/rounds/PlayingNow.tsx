import { useLingui } from '@lingui/react/macro';
import type { Playing } from '../../../shared/live.js';
import { Isolated } from '../../i18n/Isolated.js';
import { nameInSentence } from '../../i18n/names.js';

/**
 * Friends playing right now, round by round, as the live channel reports them: "Bo is playing —
 * round 4 of 10". A friend's line goes when they finish (their score row comes instead), are
 * removed, or stop playing for 10 minutes. Never an answer.
 */
export function PlayingNow({ playing }: { playing: readonly Playing[] }) {
  const { i18n, t } = useLingui();
  if (playing.length === 0) return null;
  return (
    <ul className="playing-now" aria-label={t`Playing now`}>
      {playing.map((friend) => {
        const name = nameInSentence(i18n, friend.playerName);
        const total = friend.rounds;
        // The round they are on: the one after those stored (the last one until they finish).
        const round = Math.min(friend.round + 1, total);
        return (
          <li key={friend.playerID} className="playing-now__friend">
            <span className="playing-now__dot" aria-hidden="true" />
            <Isolated text={t`${name} is playing — round ${round} of ${total}`} />
          </li>
        );
      })}
    </ul>
  );
}

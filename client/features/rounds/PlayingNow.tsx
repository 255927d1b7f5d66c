import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { PLAYING_SHOWN, type Playing } from '../../../shared/live.js';
import { Isolated } from '../../i18n/Isolated.js';
import { nameInSentence } from '../../i18n/names.js';

/**
 * Friends playing right now, round by round, as the live channel reports them: "Bo is playing —
 * round 4 of 10". A friend's line goes when they finish (their score row comes instead), are
 * removed, or stop playing for 10 minutes. At most PLAYING_SHOWN lines (the latest to begin), then
 * "and 12 more" (`more`: those the snapshot only counted). Never an answer.
 */
export function PlayingNow({ playing, more = 0 }: { playing: readonly Playing[]; more?: number }) {
  const { i18n, t } = useLingui();
  const shown = playing.length > PLAYING_SHOWN ? playing.slice(-PLAYING_SHOWN) : playing;
  const others = more + playing.length - shown.length;
  if (shown.length === 0 && others === 0) return null;
  return (
    <ul className="playing-now" aria-label={t`Playing now`}>
      {shown.map((friend) => {
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
      {others > 0 && (
        <li className="playing-now__friend playing-now__more">{t`${plural(others, { one: 'and # more', other: 'and # more' })}`}</li>
      )}
    </ul>
  );
}

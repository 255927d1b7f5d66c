import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import type { CircleMatchesReply } from '../../../shared/api.js';
import { Spinner } from '../../components/Spinner.js';
import { failure } from '../../i18n/failure.js';
import { Isolated } from '../../i18n/Isolated.js';
import { i18n } from '../../i18n/i18n.js';
import { creatorInSentence, nameInSentence } from '../../i18n/names.js';
import type { LiveScoreboard } from '../scoreboard/live-connection.js';
import { useLiveScoreboard } from '../scoreboard/useLiveScoreboard.js';
import { bandWords } from './bands.js';
import { CircleFailure } from './CircleFailure.js';
import { type CircleState, friendsKey, useCircle } from './useCircle.js';

/** Every text of the friend's circle, in one place, read in the active language each time. */
export const FRIENDS_CIRCLE_TEXT = {
  get heading() {
    return i18n._(msg`Your circle`);
  },
  /** `creator` is null when they typed no name: never "Anonymous's circle". */
  closest: (creator: string | null, friend: string, band: string) => {
    const words = bandWords(band);
    return creator === null
      ? i18n._(msg`Of all the friends who played, you're closest to ${friend}: ${words}`)
      : i18n._(msg`In ${creator}'s circle you're closest to ${friend}: ${words}`);
  },
  get others() {
    return i18n._(msg`Everyone else, closest first`);
  },
  match: (friend: string, band: string) => `${friend} — ${bandWords(band)}`,
  alone: (creator: string | null) =>
    creator === null
      ? i18n._(
          msg`No other friend has played yet. As they do, you'll see here how in tune you are with each of them: this updates live.`,
        )
      : i18n._(
          msg`No other friend of ${creator} has played yet. As they do, you'll see here how in tune you are with each of them: this updates live.`,
        ),
  get loading() {
    return i18n._(msg`Loading your circle`);
  },
  // A sentence that may be kept and shown later: English here, put into the reader's language when shown.
  failed: failure('circle_failed', 'Your circle could not be loaded.'),
};

export interface FriendsCircleProps {
  gameId: string;
  /** The friend's own private id (they have played). */
  playerId: string;
  creatorName: string;
  /** The page's own live scoreboard and circle, when it has them (the result screen): no second socket or fetch. */
  shared?: { live: LiveScoreboard; circle: CircleState<CircleMatchesReply> };
}

/**
 * A friend's place among the other friends: who they are closest to, then everyone else in order,
 * each with how in tune the two are in words ("In tune", "Close", "Apart"), never a score. Refetched whenever the live scoreboard changes (a friend played or was removed).
 */
export function FriendsCircle({ gameId, playerId, creatorName, shared }: FriendsCircleProps) {
  const ownLive = useLiveScoreboard(shared ? undefined : gameId);
  const live = shared?.live ?? ownLive;
  const ownCircle = useCircle(gameId, { playerId }, shared ? null : friendsKey(live));
  const circle = shared?.circle ?? ownCircle;
  useLingui();
  const text = FRIENDS_CIRCLE_TEXT;
  // Names are isolated in every sentence: a right-to-left one leaves the words around it in order.
  const creator = creatorInSentence(creatorName);
  // A deleted game: the screen around says so.
  if (live.gone) return null;

  let body: ReactNode;
  if (circle.reply) {
    const [closest, ...others] = circle.reply.matches;
    body = closest ? (
      <>
        <p className="circle__closest" aria-live="polite">
          <Isolated text={text.closest(creator, nameInSentence(i18n, closest.playerName), closest.band)} />
        </p>
        {others.length > 0 && (
          <>
            <h3 className="circle__subheading">{text.others}</h3>
            {/* Everyone else starts at the second closest. */}
            <ol className="circle__list" start={2}>
              {others.map((match) => (
                <li key={match.playerID}>
                  <Isolated text={text.match(nameInSentence(i18n, match.playerName), match.band)} />
                </li>
              ))}
            </ol>
          </>
        )}
      </>
    ) : (
      <p className="circle__empty" aria-live="polite">
        <Isolated text={text.alone(creator)} />
      </p>
    );
  } else if (circle.error) {
    body = <CircleFailure error={circle.error} sentence={text.failed} onRetry={circle.retry} />;
  } else {
    body = <Spinner label={text.loading} />;
  }
  return (
    <section className="card circle" id="circle" aria-labelledby="circle-heading">
      <h2 id="circle-heading">{text.heading}</h2>
      {body}
    </section>
  );
}

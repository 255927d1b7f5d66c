import type { ReactNode } from 'react';
import type { Player } from '../../shared/api.js';
import { displayName } from '../../shared/product.js';
import { useCircle } from '../api/useCircle.js';
import { userId } from '../state/user.js';
import { CircleFailure } from './CircleFailure.js';
import { outOfTen } from './FriendsCircle.js';
import { Spinner } from './Spinner.js';

/** Every text of the creator's web of friends, in one place (to be translated with the rest). */
export const FRIENDS_WEB_TEXT = {
  heading: "Your friends' web",
  closest: (a: string, b: string, score: number) => `Closest pair: ${a} and ${b} — ${outOfTen(score)}`,
  pairs: (shown: number, players: number) => `The ${shown} most in-tune pairs among ${players} friends`,
  pair: (a: string, b: string, score: number) => `${a} and ${b} — ${outOfTen(score)}`,
  waiting:
    "Once two friends have played, you'll see here which of them are most alike. This updates live as friends finish.",
  loading: "Loading your friends' web",
  failed: "Your friends' web could not be loaded.",
};

export interface FriendsWebProps {
  gameId: string;
  /** The live scoreboard's friends (once loaded): the web is fetched again whenever they change. */
  players: readonly Player[] | null;
}

/**
 * For a creator: which of their friends are most alike. The closest pair, then the most in-tune
 * pairs (at most 50), kept up to date with the live scoreboard the screen already holds.
 */
export function FriendsWeb({ gameId, players }: FriendsWebProps) {
  const change = players === null ? null : players.map((p) => p.playerID).join(',');
  const web = useCircle(gameId, { userId: userId() }, change);
  const text = FRIENDS_WEB_TEXT;

  let body: ReactNode;
  if (web.reply) {
    const { pairs, players: count } = web.reply;
    const names = (pair: (typeof pairs)[number]) =>
      [displayName(pair.a.playerName), displayName(pair.b.playerName)] as const;
    body =
      pairs.length === 0 ? (
        <p className="circle__empty" aria-live="polite">
          {text.waiting}
        </p>
      ) : (
        <>
          <p className="circle__closest" aria-live="polite">
            {text.closest(...names(pairs[0]), pairs[0].score)}
          </p>
          <h3 className="circle__subheading">{text.pairs(pairs.length, count)}</h3>
          <ol className="circle__list">
            {pairs.map((pair) => (
              <li key={`${pair.a.playerID} ${pair.b.playerID}`}>{text.pair(...names(pair), pair.score)}</li>
            ))}
          </ol>
        </>
      );
  } else if (web.error) {
    body = <CircleFailure error={web.error} sentence={text.failed} onRetry={web.retry} />;
  } else {
    body = <Spinner label={text.loading} />;
  }
  return (
    <section className="card circle" aria-labelledby="web-heading">
      <h2 id="web-heading">{text.heading}</h2>
      {body}
    </section>
  );
}

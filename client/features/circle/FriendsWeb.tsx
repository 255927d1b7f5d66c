import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import type { Player } from '../../../shared/api.js';
import { Spinner } from '../../components/Spinner.js';
import { failure } from '../../i18n/failure.js';
import { Isolated } from '../../i18n/Isolated.js';
import { i18n } from '../../i18n/i18n.js';
import { nameInSentence } from '../../i18n/names.js';
import { userId } from '../../state/user.js';
import { bandWords } from './bands.js';
import { CircleFailure } from './CircleFailure.js';
import { useCircle } from './useCircle.js';

/** Every text of the creator's web of friends, in one place (to be translated with the rest). */
export const FRIENDS_WEB_TEXT = {
  get heading() {
    return i18n._(msg`Your friends' web`);
  },
  closest: (a: string, b: string, band: string) => {
    const words = bandWords(band);
    return i18n._(msg`Closest pair: ${a} and ${b} — ${words}`);
  },
  /** Two friends have played: one pair, said once. */
  onlyPair: (a: string, b: string, band: string) => {
    const words = bandWords(band);
    return i18n._(msg`${a} and ${b}, the two friends who have played so far — ${words}`);
  },
  pairs: (count: number, total: number) => {
    const players = i18n.number(total);
    return i18n._(
      msg`${plural(count, {
        one: `The most in-tune pair among ${players} friends`,
        other: `The # most in-tune pairs among ${players} friends`,
      })}`,
    );
  },
  pair: (a: string, b: string, band: string) => {
    const words = bandWords(band);
    return i18n._(msg`${a} and ${b} — ${words}`);
  },
  get waiting() {
    return i18n._(
      msg`Once two friends have played, you'll see here which of them are most alike. This updates live as friends finish.`,
    );
  },
  get loading() {
    return i18n._(msg`Loading your friends' web`);
  },
  // A sentence that may be kept and shown later: English here, put into the reader's language when shown.
  failed: failure('web_failed', "Your friends' web could not be loaded."),
};

export interface FriendsWebProps {
  gameId: string;
  /** The live scoreboard's friends (once loaded): the web is fetched again whenever they change. */
  players: readonly Player[] | null;
}

/**
 * For a creator: which of their friends are most alike. The closest pair, then the most in-tune
 * pairs (at most 50), each in words ("In tune", "Close", "Apart"), never a score, kept up to date with the live scoreboard the screen already holds.
 */
export function FriendsWeb({ gameId, players }: FriendsWebProps) {
  const change = players === null ? null : players.map((p) => p.playerID).join(',');
  const web = useCircle(gameId, { userId: userId() }, change);
  useLingui();
  const text = FRIENDS_WEB_TEXT;

  let body: ReactNode;
  if (web.reply) {
    const { pairs, players: count } = web.reply;
    // Names are isolated: a right-to-left one, or one ending in a mark, leaves the line's order alone.
    const names = (pair: (typeof pairs)[number]) =>
      [nameInSentence(i18n, pair.a.playerName), nameInSentence(i18n, pair.b.playerName)] as const;
    body =
      pairs.length === 0 ? (
        <p className="circle__empty" aria-live="polite">
          {text.waiting}
        </p>
      ) : pairs.length === 1 ? (
        // One pair (two friends): said once, not as the closest pair, a heading and a list of one.
        <p className="circle__closest" aria-live="polite">
          <Isolated
            text={
              count === 2
                ? text.onlyPair(...names(pairs[0]), pairs[0].band)
                : text.closest(...names(pairs[0]), pairs[0].band)
            }
          />
        </p>
      ) : (
        <>
          <p className="circle__closest" aria-live="polite">
            <Isolated text={text.closest(...names(pairs[0]), pairs[0].band)} />
          </p>
          <h3 className="circle__subheading">{text.pairs(pairs.length, count)}</h3>
          <ol className="circle__list">
            {pairs.map((pair) => (
              <li key={`${pair.a.playerID} ${pair.b.playerID}`}>
                <Isolated text={text.pair(...names(pair), pair.band)} />
              </li>
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

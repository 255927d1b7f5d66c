import type { I18n } from '@lingui/core';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ReplyOf } from '../../../shared/api.js';
import { editionOf } from '../../../shared/model.js';
import { myGames } from '../../api/calls.js';
import { useApi } from '../../api/useApi.js';
import { EDITION_NAMES } from '../../i18n/editions.js';
import { endScreenPath } from '../../paths.js';
import { storedUserId } from '../../state/user.js';

type GameLine = ReplyOf<'my-games'>['games'][number];

const when = (i18n: I18n, iso: string) =>
  i18n.date(iso, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/**
 * The games this browser made (or opened with a private creator link), newest first, each a link to
 * its end screen. Shows nothing for a browser with no games, and nothing if the list fails to load.
 */
export function YourGames() {
  // A first visit has no userId yet, so it cannot have games: do not make one just to ask.
  const { i18n, t } = useLingui();
  const [id] = useState(storedUserId);
  // A convenience list: on failure the landing screen simply goes without it.
  const { data } = useApi(['my-games', id], (signal) => myGames(id ?? '', signal), { enabled: id !== null });
  const friendCount = (count: number) => t`${plural(count, { one: '# friend', other: '# friends' })}`;
  const games: GameLine[] = Array.isArray(data?.games) ? data.games : [];

  if (games.length === 0) return null;
  return (
    <section className="card your-games" aria-labelledby="your-games-heading">
      <h2 id="your-games-heading">{t`Your games`}</h2>
      <ul className="your-games__list">
        {games.map((game) => (
          <li key={game.gameId}>
            <Link className="your-games__game" to={endScreenPath(game.gameId)}>
              <span>
                {i18n._(EDITION_NAMES[editionOf(game.gameType)])} · {when(i18n, game.createdAt)}
              </span>
              <span className="your-games__count">{friendCount(game.players)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ReplyOf } from '../../shared/api.js';
import { myGames } from '../api/calls.js';
import { useApi } from '../api/useApi.js';
import { endScreenPath } from '../paths.js';
import { storedUserId } from '../state/user.js';

type GameLine = ReplyOf<'my-games'>['games'][number];

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

const friends = (count: number) => (count === 1 ? '1 friend' : `${count} friends`);

/**
 * The games this browser made (or opened with a private creator link), newest first, each a link to
 * its end screen. Shows nothing for a browser with no games, and nothing if the list fails to load.
 */
export function YourGames() {
  // A first visit has no userId yet, so it cannot have games: do not make one just to ask.
  const [id] = useState(storedUserId);
  // A convenience list: on failure the landing screen simply goes without it.
  const { data } = useApi(['my-games', id], (signal) => myGames(id ?? '', signal), { enabled: id !== null });
  const games: GameLine[] = Array.isArray(data?.games) ? data.games : [];

  if (games.length === 0) return null;
  return (
    <section className="card your-games" aria-labelledby="your-games-heading">
      <h2 id="your-games-heading">Your games</h2>
      <ul className="your-games__list">
        {games.map((game) => (
          <li key={game.gameId}>
            <Link className="your-games__game" to={endScreenPath(game.gameId)}>
              <span>
                {game.gameType} · {when(game.createdAt)}
              </span>
              <span className="your-games__count">{friends(game.players)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { Link } from 'react-router-dom';

export const GAME_GONE = 'This game no longer exists.';
export const GAME_GONE_LEAD = 'Its creator deleted it, or the link is not quite right.';
export const MAKE_YOUR_OWN = 'Make your own game';

/** Every screen of a deleted or unknown game says so, and offers a way to start one. */
export function GameGone() {
  return (
    <main className="screen gone">
      <h1>{GAME_GONE}</h1>
      <p className="lead">{GAME_GONE_LEAD}</p>
      <Link className="button button--primary" to="/">
        {MAKE_YOUR_OWN}
      </Link>
    </main>
  );
}

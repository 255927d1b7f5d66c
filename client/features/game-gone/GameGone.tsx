import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';

/** Every screen of a deleted or unknown game says so, and offers a way to start one. */
export function GameGone() {
  const { t } = useLingui();
  return (
    <main className="screen gone">
      <h1>{t`This game no longer exists.`}</h1>
      <p className="lead">{t`Its creator deleted it, or the link is not quite right.`}</p>
      <Link className="button button--primary" to="/">
        {t`Make your own game`}
      </Link>
    </main>
  );
}

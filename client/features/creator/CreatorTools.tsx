import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { creatorLink, deleteGame, MAKE_LINK } from '../../api/calls.js';
import { FailureText } from '../../i18n/FailureText.js';
import { type Failure, failure, failureOf } from '../../i18n/failure.js';
import { absoluteUrl, creatorPath, type LandingState } from '../../paths.js';
import { userId } from '../../state/user.js';
import { COPIED_MS, copyText } from '../share/ShareLink.js';
import { ConfirmAction } from './ConfirmAction.js';

/** The creator's private link for their other devices. Never part of what is shared with friends. */
function PrivateCreatorLink({ gameId }: { gameId: string }) {
  const { t } = useLingui();
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Failure | null>(null);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const make = async () => {
    setBusy(true);
    setError(null);
    try {
      const { key } = await creatorLink(gameId, userId());
      setLink(absoluteUrl(creatorPath(gameId, key)));
      setCopied(false);
    } catch (thrown) {
      setError(failureOf(thrown, MAKE_LINK));
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!link || !(await copyText(link))) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <section className="card private-link" aria-labelledby="private-link-heading">
      <h2 id="private-link-heading">{t`Your other devices`}</h2>
      <p className="muted">
        <Trans>
          <strong>Private:</strong> this link makes any browser that opens it a creator of this game, able to remove
          friends and delete the game. Open it on your own phone or computer; never send it to friends.
        </Trans>
      </p>
      {link && (
        <>
          <p className="private-link__url" data-testid="private-creator-link">
            {link}
          </p>
          <button type="button" className="button button--primary" onClick={copy}>
            {t`Copy private link`}
          </button>
          <p className="share__status" role="status">
            {copied ? t`Copied to clipboard!` : ''}
          </p>
        </>
      )}
      <button type="button" className="button button--secondary" onClick={make} disabled={busy}>
        {link ? t`Make a new private link (turns this one off)` : t`Make my private creator link`}
      </button>
      {error && (
        <p className="alert" role="alert">
          <FailureText failure={error} />
        </p>
      )}
    </section>
  );
}

/**
 * What the landing screen says to a creator who just deleted their game: kept in router state
 * as a code and its English, put into the reader's language when shown (client/i18n/failures.ts).
 */
const GAME_DELETED = failure('game_deleted', 'Game deleted.');

/** What only the creator sees on the end screen: the private link, and deleting the game. */
export function CreatorTools({ gameId }: { gameId: string }) {
  const navigate = useNavigate();
  const { t } = useLingui();
  return (
    <>
      <PrivateCreatorLink gameId={gameId} />
      <section className="card" aria-labelledby="delete-game-heading">
        <h2 id="delete-game-heading">{t`Delete this game`}</h2>
        <p className="muted">{t`The game and every friend's score are deleted for good; its link then leads nowhere.`}</p>
        <ConfirmAction
          label={t`Delete this game`}
          question={t`Delete this game and every score? This cannot be undone.`}
          confirmLabel={t`Delete`}
          onConfirm={async () => {
            await deleteGame(gameId, userId());
            const state: LandingState = { notice: GAME_DELETED };
            navigate('/', { replace: true, state });
          }}
        />
      </section>
    </>
  );
}

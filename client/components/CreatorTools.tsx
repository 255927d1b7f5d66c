import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { creatorLink, deleteGame } from '../api/calls.js';
import { errorMessage } from '../api/http.js';
import { absoluteUrl, creatorPath } from '../paths.js';
import type { LandingState } from '../routes/Landing.js';
import { userId } from '../state/user.js';
import { ConfirmAction } from './ConfirmAction.js';
import { COPIED_MS, copyText } from './ShareLink.js';

/** The creator's private link for their other devices. Never part of what is shared with friends. */
function PrivateCreatorLink({ gameId }: { gameId: string }) {
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
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
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to make the link'));
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
      <h2 id="private-link-heading">Your other devices</h2>
      <p className="muted">
        <strong>Private:</strong> this link makes any browser that opens it a creator of this game, able to remove
        friends and delete the game. Open it on your own phone or computer; never send it to friends.
      </p>
      {link && (
        <>
          <p className="private-link__url" data-testid="private-creator-link">
            {link}
          </p>
          <button type="button" className="button button--primary" onClick={copy}>
            Copy private link
          </button>
          <p className="share__status" role="status">
            {copied ? 'Copied to clipboard!' : ''}
          </p>
        </>
      )}
      <button type="button" className="button button--secondary" onClick={make} disabled={busy}>
        {link ? 'Make a new private link (turns this one off)' : 'Make my private creator link'}
      </button>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** What the landing screen says to a creator who just deleted their game. */
export const GAME_DELETED = 'Game deleted.';

/** What only the creator sees on the end screen: the private link, and deleting the game. */
export function CreatorTools({ gameId }: { gameId: string }) {
  const navigate = useNavigate();
  return (
    <>
      <PrivateCreatorLink gameId={gameId} />
      <section className="card" aria-labelledby="delete-game-heading">
        <h2 id="delete-game-heading">Delete this game</h2>
        <p className="muted">The game and every friend's score are deleted for good; its link then leads nowhere.</p>
        <ConfirmAction
          label="Delete this game"
          question="Delete this game and every score? This cannot be undone."
          confirmLabel="Delete"
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

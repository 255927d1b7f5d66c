import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { ApiError, failureText } from '../../api/http.js';
import { FailureText } from '../../i18n/FailureText.js';
import type { Failure } from '../../i18n/failure.js';
import { userId } from '../../state/user.js';
import { isSubscribed, PUSH_FAILED, pushSupported, subscribeToGame, unsubscribeFromGame } from './push.js';

type State = 'checking' | 'off' | 'working' | 'on' | 'blocked' | 'failed' | 'refused';

/**
 * "Tell me when friends play", on the creator's end screen: a notification for each friend who
 * finishes, even with the page closed. Shown only where the browser can receive push.
 */
export function NotifyWhenFriendsPlay({ gameId }: { gameId: string }) {
  const { t } = useLingui();
  const [supported] = useState(pushSupported);
  const [state, setState] = useState<State>('checking');
  // Why the last try failed: the server's reason (too many devices or games) or "check your connection".
  const [failure, setFailure] = useState<Failure>(PUSH_FAILED);

  useEffect(() => {
    if (!supported) return;
    let current = true;
    isSubscribed(gameId)
      .then((on) => current && setState(on ? 'on' : 'off'))
      .catch(() => current && setState('off'));
    return () => {
      current = false;
    };
  }, [gameId, supported]);

  if (!supported || state === 'checking') return null;

  const turnOn = async () => {
    setState('working');
    try {
      setState((await subscribeToGame(gameId, userId())) === 'subscribed' ? 'on' : 'blocked');
    } catch (error) {
      // A call that failed is the server's reason or the connection; anything else is the browser
      // saying no (its push service, a private window…).
      if (error instanceof ApiError) {
        setFailure(failureText(error, PUSH_FAILED));
        setState('failed');
      } else {
        setState('refused');
      }
    }
  };
  const turnOff = async () => {
    setState('working');
    try {
      await unsubscribeFromGame(gameId, userId());
      setState('off');
    } catch {
      setFailure(PUSH_FAILED);
      setState('failed');
    }
  };

  return (
    <section className="card notify" aria-labelledby="notify-heading">
      <h2 id="notify-heading">{t`Notifications`}</h2>
      {state === 'on' ? (
        <>
          <p className="muted" role="status">{t`You'll get a notification each time a friend plays.`}</p>
          <button type="button" className="button button--secondary" onClick={turnOff}>
            {t`Stop notifications`}
          </button>
        </>
      ) : (
        <>
          <p className="muted">{t`Close this page if you like: your phone tells you when a friend has played.`}</p>
          <button type="button" className="button button--primary" onClick={turnOn} disabled={state === 'working'}>
            {t`Tell me when friends play`}
          </button>
          {state === 'blocked' && (
            <p className="notify__problem" role="alert">
              {t`Notifications are blocked for this site. Allow them in your browser's settings, then try again.`}
            </p>
          )}
          {state === 'failed' && (
            <p className="notify__problem" role="alert">
              <FailureText failure={failure} />
            </p>
          )}
          {state === 'refused' && (
            <p className="notify__problem" role="alert">
              {t`This browser wouldn't turn on notifications. The scoreboard still shows every friend who plays.`}
            </p>
          )}
        </>
      )}
    </section>
  );
}

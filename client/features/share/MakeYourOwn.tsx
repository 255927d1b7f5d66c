import { useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router-dom';
import { Isolated } from '../../i18n/Isolated.js';
import { creatorInSentence } from '../../i18n/names.js';
import type { LandingState } from '../../paths.js';
import { userId } from '../../state/user.js';
import { startReply } from './replyTo.js';

/** On a friend's result: makes a game back for the creator, whose scoreboard then says so. */
export function MakeYourOwn({ gameId, creatorName }: { gameId: string; creatorName: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const creator = creatorInSentence(creatorName);
  const start = () => {
    startReply({ gameId, playerId: userId() });
    // The landing says whom the new game is for.
    const state: LandingState = { replyFor: creatorName };
    navigate('/', { state });
  };
  return (
    <button type="button" className="button button--secondary make-your-own" onClick={start}>
      <Isolated
        text={creator === null ? t`Make your own — your friend will see it` : t`Make your own — ${creator} will see it`}
      />
    </button>
  );
}

import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { aboutSubject, type PartyState } from '../../shared/party.js';
import { PRODUCT_NAME } from '../../shared/product.js';
import { Spinner } from '../components/Spinner.js';
import { usePartyLive } from '../features/party/live/usePartyLive.js';
import { Answering } from '../features/party/screen/Answering.js';
import { Finished } from '../features/party/screen/Finished.js';
import { Lobby } from '../features/party/screen/Lobby.js';
import { Milestones } from '../features/party/screen/Milestones.js';
import { Question } from '../features/party/screen/Question.js';
import { Reveal } from '../features/party/screen/Reveal.js';
import { roundTitle } from '../features/party/screen/round-words.js';
import { Standings } from '../features/party/screen/Standings.js';
import { useHostLanguage } from '../features/party/screen/useHostLanguage.js';
import { Isolated } from '../i18n/Isolated.js';
import { nameInSentence } from '../i18n/names.js';
import { partyScreenPath, tvPath } from '../paths.js';
import '../i18n/screens.js';

/** A round about to start: "Round 2 of 10 — about Bo", and what everyone does in it. */
function Intro({ state }: { state: PartyState }) {
  const { i18n, t } = useLingui();
  const subject = state.subject === null ? null : nameInSentence(i18n, state.subject.playerName);
  return (
    <div className="party-round party-round--intro">
      <h1 className="party-intro__title">
        <Isolated text={roundTitle(i18n, state)} />
      </h1>
      <p className="party-intro__how">
        <Isolated
          text={subject === null ? t`Everyone answers for themselves.` : t`Everyone guesses ${subject}'s answer.`}
        />
      </p>
      {state.question && <Question question={state.question} compact />}
    </div>
  );
}

/** What the screen shows in each phase (`paused` shows the phase it holds, dimmed, under the word). */
function Phase({ state, deadline }: { state: PartyState; deadline: number | null }) {
  const { t } = useLingui();
  const phase = state.phase === 'paused' ? (state.pausedPhase ?? 'lobby') : state.phase;
  const body = (() => {
    switch (phase) {
      case 'lobby':
        return <Lobby state={state} />;
      case 'intro':
        return <Intro state={state} />;
      case 'answering':
        return <Answering state={state} deadline={state.phase === 'paused' ? null : deadline} />;
      case 'reveal':
        return state.reveal && <Reveal state={state} reveal={state.reveal} />;
      case 'standings':
        // An alike party has no points: its standings keep the round's answers on the screen.
        if (!aboutSubject(state.format)) return state.reveal && <Reveal state={state} reveal={state.reveal} />;
        return <Standings state={state} reveal={state.reveal} />;
      case 'finished':
      case 'paused':
        return <Finished state={state} />;
    }
  })();
  if (state.phase !== 'paused') return body;
  return (
    <div className="party-paused">
      <div className="party-paused__held" aria-hidden="true">
        {body}
      </div>
      <p className="party-paused__word">{t`Paused`}</p>
    </div>
  );
}

/**
 * The shared screen (`/party/{partyId}/screen`), for a TV or a laptop the room watches from 3 m:
 * the lobby's QR and code, each round's question, countdown and who has answered, every answer
 * at the reveal, the standings and the podium, in the host's language. No answer is ever sent
 * to it before its round's reveal (the server's view), so none can show early.
 */
export default function PartyScreen() {
  const { partyId = '' } = useParams();
  const { t } = useLingui();
  const live = usePartyLive(partyId, undefined, undefined);
  const { state } = live;
  useHostLanguage(state?.lang);
  const navigate = useNavigate();
  const next = state?.nextPartyId ?? null;
  // "Play again": the host made a new party of the same players; this screen follows it.
  useEffect(() => {
    if (next !== null) navigate(partyScreenPath(next), { replace: true });
  }, [next, navigate]);

  if (live.gone) {
    return (
      <main className="party-screen party-screen--message" data-party-phase="gone">
        <h1 className="party-heading">{t`This party does not exist, or it is over.`}</h1>
        <Link className="button button--secondary party-screen__tv" to={tvPath}>
          {t`Type another code`}
        </Link>
      </main>
    );
  }
  if (state === null) {
    return (
      <main className="party-screen party-screen--message" data-party-phase="loading">
        <Spinner label={t`Loading the party`} />
      </main>
    );
  }
  // While joining is open, the code stays in a corner for anyone who arrives late.
  const { code } = state;
  return (
    <main className="party-screen" data-party-phase={state.phase}>
      <div className="party-screen__bar">
        <span className="party-screen__brand">{PRODUCT_NAME}</span>
        {code !== null && state.phase !== 'lobby' && <span className="party-screen__code">{t`Join with ${code}`}</span>}
        {!live.connected && <span className="party-screen__offline">{t`Reconnecting…`}</span>}
      </div>
      <Phase state={state} deadline={live.deadline} />
      <Milestones state={state} deadline={live.deadline} />
    </main>
  );
}

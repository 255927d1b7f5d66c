import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { aboutSubject, type PartyState } from '../../../../shared/party.js';
import { Spinner } from '../../../components/Spinner.js';
import { Isolated } from '../../../i18n/Isolated.js';
import { nameInSentence } from '../../../i18n/names.js';
import { useLanguage } from '../../../i18n/useLanguage.js';
import { partyPath } from '../../../paths.js';
import { usePartyLive } from '../live/usePartyLive.js';
import { Answering } from './Answering.js';
import { HostControls, useCommand } from './HostControls.js';
import { Lobby } from './Lobby.js';
import { PartyAnnouncer } from './PartyAnnouncer.js';
import { PartyEnded } from './PartyEnded.js';
import { Finished, Intro, Paused, Standings } from './PhaseViews.js';
import { PlayerList } from './PlayerList.js';
import { Reveal } from './Reveal.js';
import { useCountdown } from './useCountdown.js';

/** "Round 2 of 10 — about Bo" (guess) or "Round 2 of 10"; the lobby and the end say what they are. */
function useTitle(state: PartyState): string {
  const { i18n, t } = useLingui();
  const shown = state.phase === 'paused' ? (state.pausedPhase ?? 'lobby') : state.phase;
  if (shown === 'lobby') return t`Party lobby`;
  if (shown === 'finished') return t`Party over`;
  const number = state.round + 1;
  const total = state.rounds;
  if (aboutSubject(state.format) && state.subject !== null) {
    const subject = nameInSentence(i18n, state.subject.playerName);
    return t`Round ${number} of ${total} — about ${subject}`;
  }
  return t`Round ${number} of ${total}`;
}

/**
 * A seated phone in the party, phase by phase, live (usePartyLive): the root carries
 * `data-party-phase` for tests and styles. After the host's "Play again" the phone follows to the
 * new party, where its seat is waiting.
 */
export function PartyRoom({ partyId, userId, fromRound }: { partyId: string; userId: string; fromRound: number }) {
  const lang = useLanguage();
  const live = usePartyLive(partyId, userId, lang);
  const navigate = useNavigate();
  const send = useCommand(partyId, userId);
  const { state, me } = live;
  const next = state?.nextPartyId ?? null;
  useEffect(() => {
    if (next !== null) navigate(partyPath(next), { replace: true });
  }, [next, navigate]);
  const seconds = useCountdown(live.deadline, state === null ? '' : `${state.phase}:${state.round}`);

  if (live.kicked) return <PartyEnded kind="kicked" />;
  if (live.gone) return <PartyEnded kind="gone" />;
  if (state === null) {
    return (
      <main className="screen party-phone">
        <Spinner />
      </main>
    );
  }
  return (
    <PartyPhase
      state={state}
      meId={me?.playerID ?? null}
      userId={userId}
      live={live}
      seconds={seconds}
      send={send}
      fromRound={fromRound}
    />
  );
}

function PartyPhase({
  state,
  meId,
  userId,
  live,
  seconds,
  send,
  fromRound,
}: {
  state: PartyState;
  meId: string | null;
  userId: string;
  live: ReturnType<typeof usePartyLive>;
  seconds: number | null;
  send: ReturnType<typeof useCommand>;
  fromRound: number;
}) {
  const { t } = useLingui();
  const title = useTitle(state);
  // The host can change (a host away for a minute hands over): the list says who it is now.
  const host = state.players.some((player) => player.playerID === meId && player.host);
  const { phase } = state;
  const kick = (playerID: string) => send('kick', playerID);
  return (
    <main className="screen party-phone" data-party-phase={phase}>
      <header className="party-phone__head">
        <h1 className="party-phone__title">
          <Isolated text={title} />
        </h1>
        {!live.connected && (
          <p className="notice party-phone__offline" role="status">
            {t`Reconnecting…`}
          </p>
        )}
      </header>
      {phase === 'lobby' && (
        <Lobby state={state} meId={meId} host={host} onKick={kick}>
          {host && <HostControls state={state} send={send} />}
        </Lobby>
      )}
      {phase === 'intro' && <Intro state={state} meId={meId} />}
      {phase === 'answering' && (
        <Answering
          state={state}
          userId={userId}
          meId={meId}
          myAnswer={live.myAnswer}
          joinedLate={state.round < fromRound}
          seconds={seconds}
          onAnswered={live.answered}
        />
      )}
      {phase === 'reveal' && <Reveal state={state} meId={meId} />}
      {phase === 'standings' && <Standings state={state} meId={meId} />}
      {phase === 'paused' && <Paused host={host} />}
      {phase === 'finished' && <Finished state={state} meId={meId} />}
      {host && phase !== 'lobby' && <HostControls state={state} send={send} />}
      {host && phase !== 'lobby' && phase !== 'finished' && (
        <details className="party-host__players">
          <summary>{t`Players`}</summary>
          <PlayerList players={state.players} meId={meId} onKick={kick} />
        </details>
      )}
      <PartyAnnouncer state={state} deadline={live.deadline} myAnswer={live.myAnswer} />
    </main>
  );
}

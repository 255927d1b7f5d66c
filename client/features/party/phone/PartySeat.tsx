import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ApiError, failureText } from '../../../api/http.js';
import { getParty, joinParty } from '../../../api/party.js';
import { useApi } from '../../../api/useApi.js';
import { ErrorNotice } from '../../../components/ErrorNotice.js';
import { LogoMark } from '../../../components/Logo.js';
import { NameField } from '../../../components/NameField.js';
import { Spinner } from '../../../components/Spinner.js';
import type { Failure } from '../../../i18n/failure.js';
import { Isolated } from '../../../i18n/Isolated.js';
import { nameInSentence } from '../../../i18n/names.js';
import { useLanguage } from '../../../i18n/useLanguage.js';
import { saveUserName, userId, userName } from '../../../state/user.js';
import { PARTY_JOIN_FAILED, PARTY_LOAD_FAILED } from './failures.js';
import { PartyEnded } from './PartyEnded.js';
import { PartyRoom } from './PartyRoom.js';

const isStatus = (error: unknown, status: number) => error instanceof ApiError && error.status === status;

/**
 * A phone at `/party/{partyId}`: a browser with a seat (get-party says `me`) plays on at once —
 * after a reload, a crash or the host's "Play again" — and one without asks for a name and joins
 * by the link's id (the QR's link needs no code).
 */
export function PartySeat({ partyId }: { partyId: string }) {
  const { i18n, t } = useLingui();
  const lang = useLanguage();
  const [id] = useState(userId);
  // Joined here (not a seat from before): a party already playing takes this phone from the next round.
  const [joined, setJoined] = useState<{ fromRound: number } | null>(null);
  const [name, setName] = useState(userName);
  const [joining, setJoining] = useState(false);
  const [problem, setProblem] = useState<Failure | null>(null);
  const seat = useApi(['party-seat', partyId], (signal) => getParty(partyId, id, lang, signal), {
    enabled: joined === null,
  });

  if (joined !== null || seat.data?.me !== undefined) {
    return <PartyRoom partyId={partyId} userId={id} fromRound={joined?.fromRound ?? 0} />;
  }
  if (isStatus(seat.error, 404)) return <PartyEnded kind="gone" />;
  if (isStatus(seat.error, 403)) return <PartyEnded kind="kicked" />;
  if (seat.error) {
    return (
      <main className="screen party-phone">
        <h1>{t`Play together`}</h1>
        <ErrorNotice
          failure={failureText(seat.error, PARTY_LOAD_FAILED)}
          onRetry={seat.retry}
          focus={seat.retries > 0}
        />
      </main>
    );
  }
  if (!seat.data) {
    return (
      <main className="screen party-phone">
        <h1 className="visually-hidden">{t`Play together`}</h1>
        <Spinner />
      </main>
    );
  }

  // Over before this browser had a seat: nothing to join.
  if (seat.data.phase === 'finished') return <PartyEnded kind="gone" resultsOf={partyId} />;

  const join = async () => {
    setJoining(true);
    setProblem(null);
    saveUserName(name);
    try {
      await joinParty({ partyId, userId: id, userName: name, lang });
      const { phase, round } = seat.data ?? { phase: 'lobby', round: 0 };
      setJoined({ fromRound: phase === 'lobby' ? 0 : round + 1 });
    } catch (error) {
      setProblem(failureText(error, PARTY_JOIN_FAILED));
      setJoining(false);
    }
  };
  const hostSeat = seat.data.players.find((player) => player.host);
  const host = hostSeat === undefined ? null : nameInSentence(i18n, hostSeat.playerName);
  return (
    <main className="screen party-phone party-phone--join" data-party-phase="join">
      <LogoMark size={56} />
      <h1>
        <Isolated text={host === null ? t`Join the party` : t`Join ${host}'s party`} />
      </h1>
      <form
        className="card party-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!joining) void join();
        }}
      >
        <NameField value={name} onChange={setName} />
        <button type="submit" className="button button--primary" disabled={joining}>
          {joining ? t`Loading...` : t`Join`}
        </button>
      </form>
      {problem && <ErrorNotice failure={problem} onRetry={() => !joining && void join()} focus />}
    </main>
  );
}

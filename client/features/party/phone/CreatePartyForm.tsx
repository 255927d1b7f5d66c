import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Pack } from '../../../../shared/packs.js';
import { PARTY_ROUNDS_DEFAULT, type PartyFormat, type PartyTiming } from '../../../../shared/party.js';
import { failureText } from '../../../api/http.js';
import { createParty } from '../../../api/party.js';
import { ErrorNotice } from '../../../components/ErrorNotice.js';
import { PackChoice } from '../../../components/PackChoice.js';
import type { Failure } from '../../../i18n/failure.js';
import { useLanguage } from '../../../i18n/useLanguage.js';
import { partyPath } from '../../../paths.js';
import { saveUserName, userId } from '../../../state/user.js';
import { Choice } from './Choice.js';
import { PARTY_CREATE_FAILED } from './failures.js';

type GameType = 'Spectrum' | 'Classic';
/** The rounds a host may pick; '' leaves it to the server (10, or everyone subject equally often). */
const ROUND_CHOICES = ['', '3', '5', '10', '15', '20', '30'] as const;

/** The host's settings and "Start a party": the host's seat is theirs at once, and the lobby opens. */
export function CreatePartyForm({ name }: { name: string }) {
  const { t } = useLingui();
  const lang = useLanguage();
  const navigate = useNavigate();
  const [gameType, setGameType] = useState<GameType>('Spectrum');
  const [format, setFormat] = useState<PartyFormat>('guess');
  const [timing, setTiming] = useState<PartyTiming>('standard');
  const [rounds, setRounds] = useState<(typeof ROUND_CHOICES)[number]>('');
  const [pack, setPack] = useState<Pack | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Failure | null>(null);

  const create = async () => {
    setBusy(true);
    setProblem(null);
    saveUserName(name);
    try {
      const made = await createParty({
        userId: userId(),
        userName: name,
        gameType,
        format,
        timing,
        ...(rounds !== '' && { rounds: Number(rounds) }),
        ...(pack !== undefined && { pack }),
        lang,
      });
      navigate(partyPath(made.partyId));
    } catch (error) {
      setProblem(failureText(error, PARTY_CREATE_FAILED));
      setBusy(false);
    }
  };

  return (
    <form
      className="card party-form"
      aria-labelledby="party-create-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void create();
      }}
    >
      <h2 id="party-create-title">{t`Start a party`}</h2>
      <Choice
        legend={t`Edition`}
        name="gameType"
        value={gameType}
        onChange={setGameType}
        options={[
          { value: 'Spectrum', label: t`Spectrum`, hint: t`Slide to where you stand between two ends.` },
          { value: 'Classic', label: t`Classic`, hint: t`Pick one word out of four.` },
        ]}
      />
      <Choice
        legend={t`How you play`}
        name="format"
        value={format}
        onChange={setFormat}
        options={[
          {
            value: 'guess',
            label: t`Guess each other's answers`,
            hint: t`Each round is about one of you; the others guess what they'd say.`,
          },
          { value: 'alike', label: t`See who's alike`, hint: t`Everyone answers for themselves; no points.` },
        ]}
      />
      <PackChoice pack={pack} onChange={setPack} />
      <Choice
        legend={t`Time to answer`}
        name="timing"
        value={timing}
        onChange={setTiming}
        options={[
          { value: 'standard', label: t`20 seconds` },
          { value: 'relaxed', label: t`40 seconds` },
          { value: 'extra', label: t`60 seconds` },
          { value: 'off', label: t`No clock`, hint: t`The host moves the party on.` },
        ]}
      />
      <label className="party-form__field">
        <span className="name-field__caption">{t`Rounds`}</span>
        <select
          className="party-form__select"
          value={rounds}
          onChange={(event) => setRounds(event.target.value as (typeof ROUND_CHOICES)[number])}
        >
          {ROUND_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {choice === '' ? t`About ${PARTY_ROUNDS_DEFAULT}, everyone in turn` : choice}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t`Loading...` : t`Start a party`}
      </button>
      {problem && <ErrorNotice failure={problem} onRetry={() => !busy && void create()} focus />}
    </form>
  );
}

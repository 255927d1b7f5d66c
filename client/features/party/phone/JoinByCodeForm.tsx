import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { normalizePartyCode, PARTY_CODE_LENGTH } from '../../../../shared/party.js';
import { failureText } from '../../../api/http.js';
import { joinParty } from '../../../api/party.js';
import { ErrorNotice } from '../../../components/ErrorNotice.js';
import type { Failure } from '../../../i18n/failure.js';
import { useLanguage } from '../../../i18n/useLanguage.js';
import { partyPath } from '../../../paths.js';
import { saveUserName, userId } from '../../../state/user.js';
import { PARTY_JOIN_FAILED } from './failures.js';

/**
 * "Join with a code": the 5 letters as anyone types them (any case, spaces), then a seat in the
 * party. A code that cannot be one is said here, without asking the server (nor counting as a miss).
 */
export function JoinByCodeForm({ name }: { name: string }) {
  const { t } = useLingui();
  const lang = useLanguage();
  const navigate = useNavigate();
  const hintId = useId();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [unlike, setUnlike] = useState(false);
  const [problem, setProblem] = useState<Failure | null>(null);

  const join = async () => {
    const code = normalizePartyCode(typed);
    setProblem(null);
    setUnlike(code === undefined);
    if (code === undefined) return;
    setBusy(true);
    saveUserName(name);
    try {
      const seat = await joinParty({ code, userId: userId(), userName: name, lang });
      navigate(partyPath(seat.partyId));
    } catch (error) {
      setProblem(failureText(error, PARTY_JOIN_FAILED));
      setBusy(false);
    }
  };

  return (
    <form
      className="card party-form"
      aria-labelledby="party-join-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void join();
      }}
    >
      <h2 id="party-join-title">{t`Join with a code`}</h2>
      <label className="party-form__field">
        <span className="name-field__caption">{t`Party code`}</span>
        <input
          className="name-field party-code-input"
          type="text"
          name="code"
          placeholder="BCDFG"
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={PARTY_CODE_LENGTH * 3}
          aria-describedby={hintId}
          aria-invalid={unlike}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value.toUpperCase());
            setUnlike(false);
          }}
        />
      </label>
      <p
        id={hintId}
        className={unlike ? 'party-form__hint alert' : 'party-form__hint'}
        role={unlike ? 'alert' : undefined}
      >
        {unlike
          ? t`A party code is ${PARTY_CODE_LENGTH} letters with no vowels, like BCDFG. Check it on the host's phone or the TV.`
          : t`The ${PARTY_CODE_LENGTH} letters on the host's phone or the TV.`}
      </p>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t`Loading...` : t`Join`}
      </button>
      {problem && <ErrorNotice failure={problem} onRetry={() => !busy && void join()} focus />}
    </form>
  );
}

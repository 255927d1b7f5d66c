import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { normalizePartyCode, PARTY_CODE_LENGTH } from '../../shared/party.js';
import { REQUEST_FAILED } from '../api/http.js';
import { findParty } from '../api/party.js';
import { FailureText } from '../i18n/FailureText.js';
import { type Failure, failure, failureOf } from '../i18n/failure.js';
import { partyScreenPath } from '../paths.js';
import '../i18n/screens.js';

/** A code that cannot be one (not 5 letters of the code's alphabet) gets the server's sentence, without asking it. */
const NOT_A_CODE = failure('party_not_found', 'No open party has this code.');

/**
 * `/tv`: a TV's or laptop's browser types the party's code (any case, spaces allowed) and becomes
 * its shared screen. Large enough to type on a TV with a remote's keyboard and read from the sofa.
 */
export default function PartyTv() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const inputId = useId();
  const errorId = useId();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Failure | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const code = normalizePartyCode(typed);
    if (code === undefined) {
      setError(NOT_A_CODE);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { partyId } = await findParty(code);
      navigate(partyScreenPath(partyId));
    } catch (caught) {
      setError(failureOf(caught, REQUEST_FAILED));
      setBusy(false);
    }
  };

  return (
    <main className="party-tv">
      <h1 className="party-heading">{t`Show the party on this screen`}</h1>
      <p className="party-tv__how">{t`Type the code from the host's phone.`}</p>
      <form className="party-tv__form" onSubmit={(event) => void submit(event)} noValidate>
        <label className="visually-hidden" htmlFor={inputId}>
          {t`Party code`}
        </label>
        <input
          id={inputId}
          className="party-tv__code"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          // Spaces and dashes are allowed between the letters.
          maxLength={PARTY_CODE_LENGTH * 3}
          placeholder="BCDFG"
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          // biome-ignore lint/a11y/noAutofocus: the page is this one field, typed from a remote or a keyboard.
          autoFocus
        />
        <button type="submit" className="button button--primary party-tv__go" disabled={busy} aria-busy={busy}>
          {busy ? t`Looking for the party…` : t`Show the party`}
        </button>
      </form>
      <p id={errorId} className="party-tv__error" role="alert">
        {error && <FailureText failure={error} />}
      </p>
    </main>
  );
}

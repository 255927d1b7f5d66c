import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { PartyCommand, PartyState } from '../../../../shared/party.js';
import { failureText } from '../../../api/http.js';
import { partyCommand } from '../../../api/party.js';
import { FailureText } from '../../../i18n/FailureText.js';
import type { Failure } from '../../../i18n/failure.js';
import { ConfirmAction } from '../../creator/ConfirmAction.js';
import { PARTY_ACTION_FAILED } from './failures.js';

/** The fewest players a party starts with (the server says party_too_small below it). */
export const PARTY_MIN_PLAYERS = 2;

/** Sends one of the host's commands; a refusal is thrown (the caller shows it). */
export type SendCommand = (command: PartyCommand, playerID?: string) => Promise<void>;

export function useCommand(partyId: string, userId: string): SendCommand {
  return async (command, playerID) => {
    await partyCommand({ partyId, userId, command, ...(playerID !== undefined && { playerID }) });
  };
}

/**
 * The host's controls on their phone, by phase: start (with the reason it cannot yet), skip on
 * (next), pause and resume, open and close joining, play again, and end (asked to confirm).
 * The new state arrives over the live channel, so a button only waits for the call's reply.
 */
export function HostControls({ state, send }: { state: PartyState; send: SendCommand }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Failure | null>(null);
  const { phase } = state;
  const run = async (command: PartyCommand) => {
    setBusy(true);
    setProblem(null);
    try {
      await send(command);
    } catch (error) {
      setProblem(failureText(error, PARTY_ACTION_FAILED));
    } finally {
      setBusy(false);
    }
  };
  const button = (command: PartyCommand, label: string, primary = false, disabled = false) => (
    <button
      type="button"
      className={`button ${primary ? 'button--primary' : 'button--secondary'}`}
      disabled={busy || disabled}
      onClick={() => void run(command)}
    >
      {label}
    </button>
  );
  const tooFew = state.players.length < PARTY_MIN_PLAYERS;
  const open = state.code !== null;
  const playing = phase !== 'lobby' && phase !== 'finished';
  return (
    <section className="party-host" aria-labelledby="party-host-title">
      <h2 className="party-host__title" id="party-host-title">
        {t`Host controls`}
      </h2>
      {phase === 'lobby' && (
        <>
          {button('start', t`Start`, true, tooFew)}
          {tooFew && <p className="party-host__why muted">{t`At least 2 players are needed to start.`}</p>}
        </>
      )}
      {/* Not the primary look while the host has their own answer to give just above. */}
      {phase === 'answering' && button('next', t`Reveal now`)}
      {(phase === 'intro' || phase === 'reveal' || phase === 'standings') && button('next', t`Next`, true)}
      {phase === 'paused' ? button('resume', t`Resume`, true) : playing && button('pause', t`Pause`)}
      {phase === 'finished' && button('again', t`Play again`, true)}
      {phase !== 'finished' && (open ? button('lock', t`Close joining`) : button('unlock', t`Open joining`))}
      {phase !== 'finished' && (
        <ConfirmAction
          size="large"
          label={t`End the party`}
          question={t`End the party for everyone?`}
          confirmLabel={t`End it`}
          onConfirm={() => send('end')}
        />
      )}
      {problem && (
        <p className="alert" role="alert">
          <FailureText failure={problem} />
        </p>
      )}
    </section>
  );
}

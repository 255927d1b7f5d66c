import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { REPORT_NOTE_MAX_LENGTH, type ReportReason } from '../../../shared/reports.js';
import { ApiError, failureText } from '../../api/http.js';
import { failure as failureWith, translateFailure } from '../../i18n/failure.js';
import { reportGame } from './call.js';

export const REPORT_FAILED = failureWith(
  'report_failed',
  "We couldn't send your report. Check your connection and try again.",
);

type Step = 'closed' | 'asking' | 'sending' | 'sent';

/**
 * "Report this game": a small dialog asking why (and an optional note), sent to the server's
 * admin. On the join, result and scoreboard screens; anyone who can see the game can report it.
 */
export function ReportGame({ gameId }: { gameId: string }) {
  const { i18n, t } = useLingui();
  const [step, setStep] = useState<Step>('closed');
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);
  const titleId = useId();
  const noteId = useId();

  const reasons: { value: ReportReason; label: string }[] = [
    { value: 'offensive-questions', label: t`Offensive questions` },
    { value: 'offensive-names', label: t`Offensive names` },
    { value: 'spam', label: t`Spam` },
    { value: 'other', label: t`Something else` },
  ];

  // A layout effect: the focus moves in the same commit as the dialog opens or closes, before the
  // browser paints, never a frame later (nor after a passive effect's turn on a busy phone).
  useLayoutEffect(() => {
    if (step === 'asking' || step === 'sent') dialog.current?.focus();
    if (step === 'closed' && returnFocus.current) trigger.current?.focus();
    returnFocus.current = false;
  }, [step]);

  const close = () => {
    returnFocus.current = true;
    setFailure(null);
    setStep('closed');
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (reason === null || step === 'sending') return;
    setStep('sending');
    setFailure(null);
    try {
      await reportGame({ gameId, reason, ...(note.trim() === '' ? {} : { note }) }, REPORT_FAILED);
      setNote('');
      setReason(null);
      setStep('sent');
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status === 429
          ? t`You have sent too many reports today. Please try again tomorrow.`
          : translateFailure(i18n, failureText(error, REPORT_FAILED)),
      );
      setStep('asking');
    }
  };

  if (step === 'closed') {
    return (
      <p className="report-game">
        <button ref={trigger} type="button" className="report-game__open" onClick={() => setStep('asking')}>
          {t`Report this game`}
        </button>
      </p>
    );
  }

  return (
    <div
      ref={dialog}
      className="report-game report-game__dialog card"
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <h2 id={titleId} className="report-game__title">
        {t`Report this game`}
      </h2>
      {step === 'sent' ? (
        <>
          <p role="status">{t`Thank you. The people who run this site will take a look.`}</p>
          <button type="button" className="button button--secondary" onClick={close}>
            {t({ id: 'report.dismiss', message: 'Close' })}
          </button>
        </>
      ) : (
        <form onSubmit={send}>
          <fieldset className="report-game__reasons">
            <legend>{t`What is wrong with it?`}</legend>
            {reasons.map(({ value, label }) => (
              <label key={value} className="report-game__reason">
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                  required
                />
                {label}
              </label>
            ))}
          </fieldset>
          <label htmlFor={noteId} className="report-game__note-label">
            {t`Anything to add? (optional)`}
          </label>
          <textarea
            id={noteId}
            className="report-game__note"
            value={note}
            maxLength={REPORT_NOTE_MAX_LENGTH}
            rows={3}
            onChange={(event) => setNote(event.target.value)}
          />
          {failure !== null && (
            <p role="alert" className="report-game__failure">
              {failure}
            </p>
          )}
          <span className="report-game__buttons">
            <button type="submit" className="button button--primary" disabled={step === 'sending'}>
              {step === 'sending' ? t`Sending…` : t`Send report`}
            </button>
            <button type="button" className="button button--secondary" onClick={close}>
              {t`Cancel`}
            </button>
          </span>
        </form>
      )}
    </div>
  );
}

import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { FailureText } from '../../i18n/FailureText.js';
import { type Failure, failure, failureOf } from '../../i18n/failure.js';

const ACTION_FAILED = failure('action_failed', 'That did not work. Please try again.');

interface ConfirmActionProps {
  /** The first button's text. */
  label: string;
  /**
   * What it acts on when the label alone is ambiguous ("Bo" for a Remove in a table of friends):
   * the button's accessible description. Not its name, so a table cell still reads as its text.
   */
  target?: string;
  /** Asked before anything happens ("Remove Bo?"). */
  question: string;
  /** The button that does it ("Yes", "Delete"). */
  confirmLabel: string;
  /** Does it; a rejection is shown beside the question and the person may try again. */
  onConfirm: () => Promise<void>;
  /** Small (inside a table row) or a full-width button. */
  size?: 'small' | 'large';
  /** Shown instead of the label, which stays the button's name (a compact control in a row). */
  icon?: ReactNode;
}

/**
 * A destructive action behind an inline confirmation: "Remove" becomes "Remove Bo? Yes / Cancel".
 * Focus goes to Cancel when asked (the safe choice) and back to the first button when cancelled.
 */
export function ConfirmAction({ label, target, question, confirmLabel, onConfirm, size, icon }: ConfirmActionProps) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<Failure | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const targetId = useId();

  useEffect(() => {
    if (asking) cancel.current?.focus();
    else if (returnFocus.current) trigger.current?.focus();
    returnFocus.current = false;
  }, [asking]);

  const small = size === 'small';
  const buttonClass = small ? 'chip-button' : 'button button--secondary';

  if (!asking) {
    return (
      <>
        <button
          ref={trigger}
          type="button"
          className={`${buttonClass}${icon === undefined ? '' : ' chip-button--icon'} danger`}
          aria-describedby={target === undefined ? undefined : targetId}
          title={icon === undefined ? undefined : label}
          onClick={() => setAsking(true)}
        >
          {icon === undefined ? (
            label
          ) : (
            <>
              <span aria-hidden="true">{icon}</span>
              <span className="visually-hidden">{label}</span>
            </>
          )}
        </button>
        {target !== undefined && (
          <span id={targetId} hidden>
            {target}
          </span>
        )}
      </>
    );
  }

  const confirm = async () => {
    setWorking(true);
    setError(null);
    try {
      await onConfirm();
    } catch (thrown) {
      setError(failureOf(thrown, ACTION_FAILED));
      setWorking(false);
    }
  };

  return (
    <fieldset className={`confirm${small ? ' confirm--small' : ''}`}>
      <legend className="confirm__question">{question}</legend>
      <span className="confirm__buttons">
        <button type="button" className={`${buttonClass} danger`} onClick={confirm} disabled={working}>
          {confirmLabel}
        </button>
        <button
          ref={cancel}
          type="button"
          className={buttonClass}
          onClick={() => {
            returnFocus.current = true;
            setError(null);
            setAsking(false);
          }}
        >
          {t`Cancel`}
        </button>
      </span>
      {error && (
        <span className="confirm__error" role="alert">
          <FailureText failure={error} />
        </span>
      )}
    </fieldset>
  );
}

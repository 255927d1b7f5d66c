import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { type Failure, translateFailure } from '../i18n/failure.js';

interface ErrorNoticeProps {
  /** What went wrong, shown in the reader's language by its code. */
  failure: Failure;
  onRetry: () => void;
  /**
   * Moves focus to "Try again" when shown: for failures that follow something the person did,
   * whose button has gone (disabled or replaced by a spinner) and taken the focus with it.
   */
  focus?: boolean;
}

/** A failure a person can see: what went wrong, announced, and a way on. */
export function ErrorNotice({ failure, onRetry, focus = false }: ErrorNoticeProps) {
  const { i18n, t } = useLingui();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) button.current?.focus();
  }, [focus]);
  return (
    <div className="alert error-notice">
      <p role="alert" className="error-notice__message">
        {translateFailure(i18n, failure)}
      </p>
      <button ref={button} type="button" className="button button--secondary error-notice__retry" onClick={onRetry}>
        {t`Try again`}
      </button>
    </div>
  );
}

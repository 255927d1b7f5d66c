import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { translateSentence } from '../i18n/sentence-reader.js';

interface ErrorNoticeProps {
  /** The sentence, in English as it travels; shown in the reader's language when it is a known one. */
  message: string;
  onRetry: () => void;
  /**
   * Moves focus to "Try again" when shown: for failures that follow something the person did,
   * whose button has gone (disabled or replaced by a spinner) and taken the focus with it.
   */
  focus?: boolean;
}

/** A failure a person can see: what went wrong, announced, and a way on. */
export function ErrorNotice({ message, onRetry, focus = false }: ErrorNoticeProps) {
  const { i18n, t } = useLingui();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) button.current?.focus();
  }, [focus]);
  return (
    <div className="alert error-notice">
      <p role="alert" className="error-notice__message">
        {translateSentence(i18n, message)}
      </p>
      <button ref={button} type="button" className="button button--secondary error-notice__retry" onClick={onRetry}>
        {t`Try again`}
      </button>
    </div>
  );
}

import { useEffect, useRef } from 'react';

interface ErrorNoticeProps {
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
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) button.current?.focus();
  }, [focus]);
  return (
    <div className="alert error-notice">
      <p role="alert" className="error-notice__message">
        {message}
      </p>
      <button ref={button} type="button" className="button button--secondary error-notice__retry" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

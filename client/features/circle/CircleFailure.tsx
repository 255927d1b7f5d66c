import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { ApiError, failureText } from '../../api/http.js';
import { type Failure, translateFailure } from '../../i18n/failure.js';
import { i18n } from '../../i18n/i18n.js';

export const CIRCLE_FAILURE_TEXT = {
  get retry() {
    return i18n._(msg`Try again`);
  },
};

/**
 * A circle that could not be loaded: words and a way on. Not an alert: the screen's own content
 * is fine, and this panel should not interrupt it. A 404 shows nothing: the screen around it
 * already says why (a deleted game, a removed friend).
 */
export function CircleFailure({
  error,
  sentence,
  onRetry,
}: {
  error: unknown;
  sentence: Failure;
  onRetry: () => void;
}) {
  useLingui();
  if (error instanceof ApiError && error.status === 404) return null;
  return (
    <div className="circle__failure">
      <p>{translateFailure(i18n, failureText(error, sentence))}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {CIRCLE_FAILURE_TEXT.retry}
      </button>
    </div>
  );
}

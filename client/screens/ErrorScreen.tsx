import { useLingui } from '@lingui/react/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { PRODUCT_NAME } from '../../shared/product.js';
import { FailureText } from '../i18n/FailureText.js';
import { type Failure, failureOf } from '../i18n/failure.js';

import { retryFailedScreens, ScreenLoadError } from '../lazy.js';

/**
 * The fallback screen: a crash in a screen (a way back home), or a screen whose code did not
 * arrive (`onRetry`: the person stays where they are, so a friend's invitation is kept, and Try
 * again fetches it again).
 */
function ErrorScreen({ detail, onRetry }: { detail?: Failure; onRetry?: () => void }) {
  const { t } = useLingui();
  return (
    <main className="screen error-screen">
      <h1>{onRetry ? t`This page didn't load` : t`Unexpected Application Error!`}</h1>
      {onRetry ? (
        <p className="alert" role="alert">
          {t`Check your connection and try again.`}
        </p>
      ) : (
        detail && (
          <p className="muted">
            <FailureText failure={detail} />
          </p>
        )
      )}
      {onRetry ? (
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t`Try again`}
        </button>
      ) : (
        // A full page load, so a new version of the app is picked up if that was the problem.
        <a className="button button--primary" href="/">
          {t`Back to ${PRODUCT_NAME}`}
        </a>
      )}
    </main>
  );
}

/** Never shown: an error without a message has no detail line. */
const NO_DETAIL: Failure = { code: '', message: '' };

interface BoundaryState {
  error: Error | null;
}

/** Catches what a screen throws while rendering (or a failed lazy load) and shows the fallback instead. */
export class ErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unexpected application error', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error instanceof ScreenLoadError) {
      const retry = () => {
        retryFailedScreens();
        this.setState({ error: null });
      };
      return <ErrorScreen onRetry={retry} />;
    }
    return error ? (
      <ErrorScreen detail={error.message === '' ? undefined : failureOf(error, NO_DETAIL)} />
    ) : (
      this.props.children
    );
  }
}

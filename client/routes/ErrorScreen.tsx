import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../shared/product.js';

export const NOTHING_HERE = 'Nothing here';
export const NOTHING_HERE_LEAD = 'There is no page at this address. Check the link, or start from the beginning.';
export const GO_HOME = `Back to ${PRODUCT_NAME}`;

/** An address no route of the table matches (its catch-all): the product's own page, with a way home. */
export function NotFoundScreen() {
  return (
    <main className="screen error-screen">
      <h1>{NOTHING_HERE}</h1>
      <p className="muted">{NOTHING_HERE_LEAD}</p>
      <Link className="button button--primary" to="/">
        {GO_HOME}
      </Link>
    </main>
  );
}

/** The fallback screen: a crash in a screen, or a screen's code that would not load. */
export function ErrorScreen({ detail }: { detail?: string }) {
  return (
    <main className="screen error-screen">
      <h1>Unexpected Application Error!</h1>
      {detail && <p className="muted">{detail}</p>}
      {/* A full page load, so a new version of the app is picked up if that was the problem. */}
      <a className="button button--primary" href="/">
        Back to {PRODUCT_NAME}
      </a>
    </main>
  );
}

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
    return this.state.error ? <ErrorScreen detail={this.state.error.message} /> : this.props.children;
  }
}

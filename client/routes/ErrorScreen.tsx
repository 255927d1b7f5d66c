import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { PRODUCT_NAME } from '../../shared/product.js';

/** Router fallback: a crash in a screen, a chunk that would not load, or an unknown address. */
export function ErrorScreen() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
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

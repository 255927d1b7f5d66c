import { useLingui } from '@lingui/react';
import { type Failure, translateFailure } from './failure.js';

/** A failure (the server's, or the client's own), shown in the reader's language by its code. */
export function FailureText({ failure }: { failure: Failure }) {
  const { i18n } = useLingui();
  return <>{translateFailure(i18n, failure)}</>;
}

import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { failureText } from '../../api/http.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { type Failure, failure } from '../../i18n/failure.js';

export const SWAP_FAILED = failure(
  'swap_failed',
  "We couldn't swap this question. Check your connection and try again.",
);
export const NOTHING_TO_SWAP = 'There are no other questions left to swap in.';

type SwapState = { status: 'ready' | 'swapping' | 'none-left' } | { status: 'failed'; failure: Failure };

interface SwapButtonProps {
  /** Swaps this game has left; nothing is shown at 0. */
  left: number;
  /** Replaces the current question; resolves false when the bank has no other question. */
  onSwap: () => Promise<boolean>;
}

/**
 * The creator's "Swap question" for the current round. Render it keyed by the question: a swap
 * replaces the question and so this button, with a fresh state. A failure is said in a sentence
 * with "Try again", and the round goes on meanwhile.
 */
export function SwapButton({ left, onSwap }: SwapButtonProps) {
  const { i18n, t } = useLingui();
  const [state, setState] = useState<SwapState>({ status: 'ready' });

  const swap = async () => {
    setState({ status: 'swapping' });
    try {
      if (!(await onSwap())) setState({ status: 'none-left' });
    } catch (error) {
      setState({ status: 'failed', failure: failureText(error, SWAP_FAILED) });
    }
  };

  if (left <= 0) return null;
  const leftCount = i18n.number(left);
  if (state.status === 'none-left') {
    return (
      <p role="status" className="swap-note muted">
        {t`There are no other questions left to swap in.`}
      </p>
    );
  }
  if (state.status === 'failed') return <ErrorNotice failure={state.failure} onRetry={() => void swap()} focus />;
  return (
    <button
      type="button"
      className="button button--secondary swap-button"
      disabled={state.status === 'swapping'}
      aria-busy={state.status === 'swapping'}
      onClick={() => void swap()}
    >
      {t`Swap question (${leftCount} left)`}
    </button>
  );
}

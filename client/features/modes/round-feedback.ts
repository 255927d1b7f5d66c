import type { ComponentProps, ComponentType } from 'react';
import type { GameMode } from '../../../shared/product.js';
import { GuessFeedback } from '../guess/GuessFeedback.js';

type FeedbackProps = ComponentProps<typeof GuessFeedback>;

/** An alike round is never held for feedback (its mode does not reveal each round): nothing to show. */
const NoFeedback = (_: FeedbackProps) => null;

/**
 * What the game screen shows of a round once it is stored, in each mode (shared/modes.ts
 * `revealsEachRound` says whether it waits for it): a mode without one fails to compile.
 */
export const ROUND_FEEDBACK: Record<GameMode, ComponentType<FeedbackProps>> = {
  alike: NoFeedback,
  guess: GuessFeedback,
};

import { useEffect, useState } from 'react';
import { SCORE_CAPTIONS, SCORE_DESCRIPTIONS } from '../../shared/captions.js';
import { scoreLevel } from '../../shared/score.js';
import { prefersReducedMotion } from '../hooks/motion.js';

export const CAPTION_DELAY_MS = 1000;

/** The caption and description of the score's level, revealed 1 s after the gauge starts. Space is kept meanwhile. */
export function ScoreCaption({ score }: { score: number }) {
  // With reduced motion the gauge does not count up, so there is nothing to wait for.
  const [shown, setShown] = useState(prefersReducedMotion);
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => setShown(true), CAPTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  const level = scoreLevel(score);
  return (
    <div className="caption" aria-live="polite">
      {shown && (
        <>
          <p className="caption__title">{SCORE_CAPTIONS[level - 1]}</p>
          <p className="caption__text">{SCORE_DESCRIPTIONS[level - 1]}</p>
        </>
      )}
    </div>
  );
}

import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { scoreLevel } from '../../../shared/score.js';
import { prefersReducedMotion } from '../../hooks/motion.js';
import { CAPTIONS, DESCRIPTIONS } from '../../i18n/captions.js';

const CAPTION_DELAY_MS = 1000;

/** The caption and description of the score's level, revealed 1 s after the gauge starts. Space is kept meanwhile. */
export function ScoreCaption({ score }: { score: number }) {
  // With reduced motion the gauge does not count up, so there is nothing to wait for.
  const [shown, setShown] = useState(prefersReducedMotion);
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => setShown(true), CAPTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  const { i18n } = useLingui();
  const level = scoreLevel(score);
  return (
    <div className="caption" aria-live="polite">
      {shown && (
        <>
          <p className="caption__title">{i18n._(CAPTIONS[level - 1])}</p>
          <p className="caption__text">{i18n._(DESCRIPTIONS[level - 1])}</p>
        </>
      )}
    </div>
  );
}

import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { GameMode } from '../../../shared/product.js';
import { scoreLevel } from '../../../shared/score.js';
import { prefersReducedMotion } from '../../hooks/motion.js';
import { captionsOf } from '../../i18n/captions.js';

const CAPTION_DELAY_MS = 1000;

/** The caption and description of the score's level, revealed 1 s after the gauge starts. Space is kept meanwhile. */
export function ScoreCaption({ score, mode }: { score: number; mode?: GameMode }) {
  // With reduced motion the gauge does not count up, so there is nothing to wait for.
  const [shown, setShown] = useState(prefersReducedMotion);
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => setShown(true), CAPTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  const { i18n } = useLingui();
  const level = scoreLevel(score);
  const { captions, descriptions } = captionsOf(mode);
  return (
    <div className="caption" aria-live="polite">
      {shown && (
        <>
          <p className="caption__title">{i18n._(captions[level - 1])}</p>
          <p className="caption__text">{i18n._(descriptions[level - 1])}</p>
        </>
      )}
    </div>
  );
}

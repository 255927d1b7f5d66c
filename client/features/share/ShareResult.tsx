import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { type GameMode, namedCreator, PRODUCT_NAME } from '../../../shared/product.js';
import { formatScoreText } from '../../i18n/format.js';
import { COPIED_MS, copyText } from './ShareLink.js';

/** What a friend shares, in their language: their score and the game's join link, so the next friend can play. */
function resultShareText(i18n: I18n, score: number, creatorName: string, link: string, mode: GameMode): string {
  const creator = namedCreator(creatorName);
  const points = formatScoreText(i18n, score);
  if (mode === 'guess') {
    return creator === null
      ? i18n._(
          msg`I scored ${points} guessing a friend's answers on ${PRODUCT_NAME}! How well do you know them? Play here: ${link}`,
        )
      : i18n._(
          msg`I scored ${points} guessing ${creator}'s answers on ${PRODUCT_NAME}! How well do you know ${creator}? Play here: ${link}`,
        );
  }
  if (creator === null) {
    return i18n._(
      msg`I scored ${points} with a friend on ${PRODUCT_NAME}! How in tune are you with them? Play here: ${link}`,
    );
  }
  return i18n._(
    msg`I scored ${points} with ${creator} on ${PRODUCT_NAME}! How well do you know ${creator}? Play here: ${link}`,
  );
}

/** "Share my result": the native share sheet where there is one, else the text goes to the clipboard. */
export function ShareResult({
  score,
  creatorName,
  link,
  mode = 'alike',
}: {
  score: number;
  creatorName: string;
  link: string;
  mode?: GameMode;
}) {
  const { i18n, t } = useLingui();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const text = resultShareText(i18n, score, creatorName, link, mode);

  const copy = async () => {
    if (!(await copyText(text))) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };
  const share = async () => {
    if (typeof navigator.share !== 'function') return copy();
    try {
      await navigator.share({ title: t`My ${PRODUCT_NAME} result`, text });
    } catch (error) {
      // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
      if (!(error instanceof DOMException && error.name === 'AbortError')) await copy();
    }
  };

  return (
    <div className="share-result">
      <button type="button" className="button button--primary" onClick={() => void share()}>
        {t`Share my result`}
      </button>
      <p className="share__status" role="status">
        {copied ? t`Copied to clipboard!` : ''}
      </p>
    </div>
  );
}

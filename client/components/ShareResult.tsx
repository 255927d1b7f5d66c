import { useEffect, useRef, useState } from 'react';
import { namedCreator, PRODUCT_NAME } from '../../shared/product.js';
import { scoreText } from '../../shared/score-text.js';
import { COPIED_MS, copyText } from './ShareLink.js';

/** What a friend shares: their score and the game's join link, so the next friend can play. */
export function resultShareText(score: number, creatorName: string, link: string): string {
  const creator = namedCreator(creatorName);
  if (creator === null) {
    return `I scored ${scoreText(score)} with a friend on ${PRODUCT_NAME}! How in tune are you with them? Play here: ${link}`;
  }
  return `I scored ${scoreText(score)} with ${creator} on ${PRODUCT_NAME}! How well do you know ${creator}? Play here: ${link}`;
}

/** "Share my result": the native share sheet where there is one, else the text goes to the clipboard. */
export function ShareResult({ score, creatorName, link }: { score: number; creatorName: string; link: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const text = resultShareText(score, creatorName, link);

  const copy = async () => {
    if (!(await copyText(text))) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };
  const share = async () => {
    if (typeof navigator.share !== 'function') return copy();
    try {
      await navigator.share({ title: `My ${PRODUCT_NAME} result`, text });
    } catch (error) {
      // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
      if (!(error instanceof DOMException && error.name === 'AbortError')) await copy();
    }
  };

  return (
    <div className="share-result">
      <button type="button" className="button button--primary" onClick={() => void share()}>
        Share my result
      </button>
      <p className="share__status" role="status">
        {copied ? 'Copied to clipboard!' : ''}
      </p>
    </div>
  );
}

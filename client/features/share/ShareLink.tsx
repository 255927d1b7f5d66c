import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { PRODUCT_NAME } from '../../../shared/product.js';

export const COPIED_MS = 1500;

/** Clipboard API where available (secure pages), else the old selection-based copy. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the selection-based copy.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'offscreen';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * The join link as text with a "Copy link" button (the link is not the button's name), and the native share sheet where the browser has one. */
export function ShareLink({ link }: { link: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    if (!(await copyText(link))) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };
  const canShare = typeof navigator.share === 'function';
  const cut = link.lastIndexOf('/') + 1;
  const [base, id] = [link.slice(0, cut), link.slice(cut)];
  const share = () => {
    navigator
      .share({ title: t`Join me on ${PRODUCT_NAME}!`, text: t`${PRODUCT_NAME} with me!`, url: link })
      .catch(() => {
        // Closing the share sheet rejects; nothing to tell the user.
      });
  };

  return (
    <div className="share">
      {/* Clicking anywhere in the box copies (the spec's link box, its address too); the keyboard's
          way is the Copy link button, whose click arrives here as well. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the button inside is the keyboard's control. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the button inside is the keyboard's control. */}
      <div className="share__link" onClick={copy}>
        <p className="share__url" data-testid="share-url">
          {/* Prefer to wrap after the host, so the game id stays in one piece. */}
          {base}
          <wbr />
          {id}
        </p>
        <button type="button" className="share__action" aria-describedby="share-status">
          {t`Copy link`}
        </button>
      </div>
      <p id="share-status" className="share__status" role="status">
        {copied ? t`Copied to clipboard!` : ''}
      </p>
      {canShare && (
        <button type="button" className="button button--secondary" onClick={share}>
          {t({ id: 'share-link.share', message: 'Share' })}
        </button>
      )}
    </div>
  );
}

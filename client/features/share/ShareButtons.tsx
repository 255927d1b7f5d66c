import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { PRODUCT_NAME } from '../../../shared/product.js';
import { withLink } from './grid.js';
import { JoinQr } from './JoinQr.js';
import { COPIED_MS, copyText } from './ShareLink.js';

/** WhatsApp's and Telegram's own share addresses: plain links, no script of theirs, no tracking parameters. */
export const whatsAppUrl = (message: string, link: string) =>
  `https://wa.me/?text=${encodeURIComponent(withLink(message, link))}`;
export const telegramUrl = (message: string, link: string) =>
  `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(message)}`;

/**
 * One tap to a chat: WhatsApp, Telegram, copying the text with its link, the system share sheet
 * where there is one, and the game's link as a QR code for friends in the same room.
 */
export function ShareButtons({ message, link, qrLink }: { message: string; link: string; qrLink: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const canShare = typeof navigator.share === 'function';

  const copy = async () => {
    if (!(await copyText(withLink(message, link)))) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };
  const share = () => {
    navigator.share({ title: PRODUCT_NAME, text: message, url: link }).catch(() => {
      // Closing the share sheet rejects; nothing to tell the user.
    });
  };

  return (
    <section className="card share-buttons" aria-label={t`Send it to a chat`}>
      <div className="share-buttons__row">
        <a
          className="button button--secondary"
          href={whatsAppUrl(message, link)}
          target="_blank"
          rel="noopener noreferrer"
        >
          WhatsApp
        </a>
        <a
          className="button button--secondary"
          href={telegramUrl(message, link)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Telegram
        </a>
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {t`Copy the text`}
        </button>
        {canShare && (
          <button type="button" className="button button--secondary" onClick={share}>
            {t`More apps`}
          </button>
        )}
      </div>
      <p className="share__status" role="status">
        {copied ? t`Copied to clipboard!` : ''}
      </p>
      <JoinQr link={qrLink} />
    </section>
  );
}

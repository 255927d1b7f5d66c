import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { PRODUCT_NAME } from '../../../shared/product.js';
import { useLatest } from '../../hooks/useLatest.js';
import { useLanguage } from '../../i18n/useLanguage.js';
import { canShareFiles, cardFile, partyCardPath, resultCardPath } from './cards.js';
import { withLink } from './grid.js';
import { COPIED_MS, copyText } from './ShareLink.js';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** What is shared: a friend's result (its story card by `playerID`), or a finished party's results (its podium card). */
export type SharedResult = { gameId: string; playerID: string | null } | { partyId: string };

/**
 * "Share my result": the story card as a file with the text (grid, score, link) where the share
 * sheet takes files; otherwise the card to save and the text (copied with the chat row's "Copy
 * the text"). A tap before the card has arrived says "Preparing your picture…" and shares it on arrival. `playerID` is this
 * browser's id on the scoreboard (null on another device: then the text alone). A party's
 * results (`partyId`) share their podium card the same way, as "Share the results".
 */
export function ShareMyResult({ message, link, ...shared }: SharedResult & { message: string; link: string }) {
  const { t } = useLingui();
  const lang = useLanguage();
  const text = withLink(message, link);
  const party = 'partyId' in shared;
  const path =
    'partyId' in shared
      ? partyCardPath(shared.partyId, lang)
      : shared.playerID
        ? resultCardPath(shared.gameId, shared.playerID, lang)
        : null;
  const fileName = `${PRODUCT_NAME.toLowerCase()}-${party ? 'party' : 'result'}.png`;
  const title = party ? t`Our ${PRODUCT_NAME} party` : t`My ${PRODUCT_NAME} result`;
  // Fetched ahead: a share sheet opens only close to the tap (its activation lasts a few seconds).
  // undefined while it loads, null when it cannot be had.
  const [file, setFile] = useState<File | null | undefined>(undefined);
  // Tapped before the card arrived: shared the moment it does, still within the tap's activation.
  const [waiting, setWaiting] = useState(false);
  const [offer, setOffer] = useState(false);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    setFile(path ? undefined : null);
    if (!path) return;
    const controller = new AbortController();
    void cardFile(path, fileName, controller.signal).then((found) => !controller.signal.aborted && setFile(found));
    return () => controller.abort();
  }, [path, fileName]);

  const copy = async () => {
    if (!(await copyText(text))) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  const share = async (card: File | null | undefined) => {
    if (card === undefined) {
      setWaiting(true);
      return;
    }
    try {
      if (card && canShareFiles([card])) {
        await navigator.share({ files: [card], title, text });
        return;
      }
      if (!path && typeof navigator.share === 'function') {
        await navigator.share({ title, text });
        return;
      }
    } catch (error) {
      // Closing the share sheet is a choice; anything else (an activation run out) falls back to saving and copying.
      if (isAbort(error)) return;
    }
    // Without a card there is only the text: copied at once.
    if (path) setOffer(true);
    else await copy();
  };
  const shareLatest = useLatest(share);
  useEffect(() => {
    if (!waiting || file === undefined) return;
    setWaiting(false);
    void shareLatest.current(file);
  }, [waiting, file, shareLatest]);

  return (
    <div className="share-result">
      <button type="button" className="button button--primary" aria-busy={waiting} onClick={() => void share(file)}>
        {waiting ? t`Preparing your picture…` : party ? t`Share the results` : t`Share my result`}
      </button>
      {offer && (
        <div className="share-result__offer" data-testid="share-offer">
          {path && (
            <>
              <img
                className="share-result__card"
                src={path}
                alt={party ? t`Story card of the party's podium` : t`Story card of your result`}
                width="180"
                height="320"
              />
              <a className="button button--secondary" href={path} download={fileName}>
                {t`Save the picture`}
              </a>
            </>
          )}
          {/* "Copy the text" is the chat row's, just below: one button of that name on the screen. */}
          <pre className="share-result__text">{text}</pre>
        </div>
      )}
      <p className="share__status" role="status">
        {copied ? t`Copied to clipboard!` : ''}
      </p>
    </div>
  );
}

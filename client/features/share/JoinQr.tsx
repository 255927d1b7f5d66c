import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { QrRuns } from './qr.js';

/** The join link as a QR code, to show people in the same room; its library loads when it is shown. */
export function JoinQr({ link }: { link: string }) {
  const { t } = useLingui();
  const [qr, setQr] = useState<QrRuns | null>(null);
  useEffect(() => {
    let current = true;
    import('./qr.js')
      .then(({ qrRuns }) => current && setQr(qrRuns(link)))
      .catch(() => {
        // Without the code the link is still there to copy or send.
      });
    return () => {
      current = false;
    };
  }, [link]);
  return (
    <figure className="join-qr">
      {qr ? (
        <svg
          role="img"
          aria-label={t`QR code of the game's link`}
          data-testid="join-qr"
          viewBox={`0 0 ${qr.size} ${qr.size}`}
          shapeRendering="crispEdges"
          width="200"
          height="200"
        >
          <rect width={qr.size} height={qr.size} fill="#ffffff" />
          {qr.runs.map(([x, y, width]) => (
            <rect key={`${x}-${y}`} x={x} y={y} width={width} height={1} fill="#0e0b2b" />
          ))}
        </svg>
      ) : (
        <div className="join-qr__placeholder" aria-hidden="true" />
      )}
      <figcaption>{t`Friends in the room can scan it with their phone's camera.`}</figcaption>
    </figure>
  );
}

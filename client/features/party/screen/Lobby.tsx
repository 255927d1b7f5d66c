import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { PartyState } from '../../../../shared/party.js';
import { shownName } from '../../../i18n/names.js';
import { PACK_NAMES } from '../../../i18n/packs.js';
import { absoluteUrl, partyJoinPath, partyPath } from '../../../paths.js';
import type { QrRuns } from '../../share/qr.js';

/** A link of the party's as a QR code, drawn to fill its box; the library loads when it is shown. */
export function PartyQr({ link, label, className }: { link: string; label: string; className: string }) {
  const [qr, setQr] = useState<QrRuns | null>(null);
  useEffect(() => {
    let current = true;
    import('../../share/qr.js')
      .then(({ qrRuns }) => current && setQr(qrRuns(link)))
      .catch(() => {
        // Without the picture the code and the address beside it still let everyone in.
      });
    return () => {
      current = false;
    };
  }, [link]);
  if (!qr) return <div className={className} aria-hidden="true" />;
  return (
    <svg
      className={className}
      role="img"
      aria-label={label}
      data-testid="party-qr"
      data-link={link}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
    >
      <rect width={qr.size} height={qr.size} fill="#ffffff" />
      {qr.runs.map(([x, y, width]) => (
        <rect key={`${x}-${y}`} x={x} y={y} width={width} height={1} fill="#0e0b2b" />
      ))}
    </svg>
  );
}

/** The lobby: the QR and the code large, "Join at {host}/party", and the names as people join. */
export function Lobby({ state }: { state: PartyState }) {
  const { i18n, t } = useLingui();
  const joinAt = absoluteUrl(partyJoinPath).replace(/^https?:\/\//, '');
  const count = state.players.length;
  const theme = state.pack === undefined ? undefined : i18n._(PACK_NAMES[state.pack]);
  return (
    <div className="party-lobby">
      <section className="party-lobby__join">
        {state.code === null ? (
          <p className="party-lobby__closed">{t`The host has closed this party to new players.`}</p>
        ) : (
          <>
            <figure className="party-lobby__scan">
              <PartyQr
                link={absoluteUrl(partyPath(state.partyId))}
                label={t`QR code of the party's link`}
                className="party-lobby__qr"
              />
              <figcaption>{t`Scan with your phone's camera`}</figcaption>
            </figure>
            <div className="party-lobby__how">
              <p className="party-lobby__at">
                <Trans>
                  Join at <span className="party-lobby__host">{joinAt}</span>
                </Trans>
              </p>
              <p className="party-lobby__with">{t`and type the code`}</p>
              <p className="party-lobby__code" data-testid="party-code">
                <span aria-hidden="true">{state.code}</span>
                {/* Letter by letter: a screen reader would read the code as a word. */}
                <span className="visually-hidden">{[...state.code].join(' ')}</span>
              </p>
            </div>
          </>
        )}
      </section>
      <section className="party-lobby__players" aria-labelledby="party-lobby-players">
        <h2 id="party-lobby-players">{count === 1 ? t`1 player is in` : t`${count} players are in`}</h2>
        {theme !== undefined && <p className="party-lobby__theme">{t`Theme: ${theme}`}</p>}
        <ul className="party-names">
          {state.players.map((player) => (
            <li key={player.playerID} className="party-names__name" data-connected={player.connected}>
              <bdi>{shownName(i18n, player.playerName)}</bdi>
              {player.host && <span className="party-names__host">{t`host`}</span>}
            </li>
          ))}
        </ul>
        <p className="party-lobby__wait">
          {count < 2 ? t`Waiting for at least one more player…` : t`The host starts the party from their phone.`}
        </p>
      </section>
    </div>
  );
}

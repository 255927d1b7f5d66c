import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { PartyState } from '../../../../shared/party.js';
import { PACK_NAMES } from '../../../i18n/packs.js';
import { absoluteUrl, partyPath, tvPath } from '../../../paths.js';
import { JoinQr } from '../../share/JoinQr.js';
import { PlayerList } from './PlayerList.js';

interface LobbyProps {
  state: PartyState;
  meId: string | null;
  host: boolean;
  onKick: (playerID: string) => Promise<void>;
  /** The host's controls, right under the way in: Start stays in reach above a long list. */
  children?: ReactNode;
}

/**
 * Who is in, live. The host's phone also shows the way in: the code, the QR of the phone link
 * (it joins without a code) and how to make a TV or laptop the shared screen.
 */
export function Lobby({ state, meId, host, onKick, children }: LobbyProps) {
  const { i18n, t } = useLingui();
  const count = state.players.length;
  const code = state.code;
  const theme = state.pack === undefined ? undefined : i18n._(PACK_NAMES[state.pack]);
  const site = `${window.location.host}${tvPath}`;
  return (
    <section className="phone-lobby" aria-labelledby="phone-lobby-title">
      <h2 id="phone-lobby-title">{t`${plural(count, { one: '# player is in', other: '# players are in' })}`}</h2>
      {theme !== undefined && <p className="phone-lobby__theme">{t`Theme: ${theme}`}</p>}
      {host &&
        (code === null ? (
          <p className="notice">{t`Joining is closed. Open it again to let more people in.`}</p>
        ) : (
          <div className="card phone-lobby__way-in">
            <p className="phone-lobby__code-label">{t`Party code`}</p>
            <p className="party-code" data-testid="party-code">
              {code}
            </p>
            <p className="phone-lobby__tv">{t`On a TV or laptop, open ${site} and type ${code}`}</p>
            <JoinQr link={absoluteUrl(partyPath(state.partyId))} />
          </div>
        ))}
      {!host && <p className="lead">{t`Waiting for the host to start.`}</p>}
      {children}
      <PlayerList players={state.players} meId={meId} onKick={host ? onKick : undefined} />
    </section>
  );
}

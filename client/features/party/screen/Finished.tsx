import { useLingui } from '@lingui/react/macro';
import { aboutSubject, type PartyState } from '../../../../shared/party.js';
import { absoluteUrl, partyResultsPath } from '../../../paths.js';
import { ClosestPairs, Podium } from '../results/Podium.js';
import { PartyQr } from './Lobby.js';

/** How many pairs an alike party's end shows on the shared screen. */
const PAIRS_SHOWN = 3;

/**
 * The end on the shared screen: the podium (guess) or the closest pairs (alike), and where the
 * results are. "Play again" is the host's, on their phone: when they start it, the screen follows
 * (PartyScreen reads `nextPartyId`).
 */
export function Finished({ state }: { state: PartyState }) {
  const { t } = useLingui();
  const link = absoluteUrl(partyResultsPath(state.partyId));
  const results = link.replace(/^https?:\/\//, '');
  return (
    <div className="party-round party-round--finished">
      <h1 className="party-heading">{aboutSubject(state.format) ? t`The podium` : t`The most alike`}</h1>
      {state.final &&
        (aboutSubject(state.format) ? (
          <Podium state={state} />
        ) : (
          <ClosestPairs state={state} final={state.final} limit={PAIRS_SHOWN} />
        ))}
      <div className="party-finished__foot">
        <div className="party-finished__words">
          <p className="party-finished__again">{t`Play again? The host can start a new party from their phone.`}</p>
          <p className="party-finished__results">
            {t`All the results, to share from your phone:`} <span className="party-finished__link">{results}</span>
          </p>
        </div>
        <PartyQr link={link} label={t`QR code of the results' link`} className="party-finished__qr" />
      </div>
    </div>
  );
}

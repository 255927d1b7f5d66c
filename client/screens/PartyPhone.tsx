import { useParams } from 'react-router-dom';
import { PartySeat } from '../features/party/phone/PartySeat.js';
import '../i18n/screens.js';

/**
 * `/party/{partyId}`: a player's phone in the party. Keyed by the party, so that following the
 * host's "Play again" to a new party starts its seat and its live view afresh.
 */
export default function PartyPhone() {
  const { partyId = '' } = useParams();
  return <PartySeat key={partyId} partyId={partyId} />;
}

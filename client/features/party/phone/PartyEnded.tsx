import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { partyJoinPath, partyResultsPath } from '../../../paths.js';

/**
 * A party this phone can no longer play: the host removed this player, or the party is not there
 * (or over before this phone had a seat: `resultsOf` names it, and its results are a tap away).
 */
export function PartyEnded({ kind, resultsOf }: { kind: 'kicked' | 'gone'; resultsOf?: string }) {
  const { t } = useLingui();
  return (
    <main className="screen party-phone party-ended" data-party-phase={kind}>
      <h1>{kind === 'kicked' ? t`The host removed you from this party.` : t`This party is over or does not exist.`}</h1>
      <p className="lead">
        {kind === 'kicked'
          ? t`You can join another party with its code.`
          : t`Check the link, or join a party with its code.`}
      </p>
      {resultsOf !== undefined && (
        <Link className="button button--secondary" to={partyResultsPath(resultsOf)}>
          {t`See the results`}
        </Link>
      )}
      <Link className="button button--primary" to={partyJoinPath}>
        {t`Play together`}
      </Link>
    </main>
  );
}

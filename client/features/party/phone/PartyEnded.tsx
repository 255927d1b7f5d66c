import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { partyJoinPath } from '../../../paths.js';

/** A party this phone can no longer play: the host removed this player, or the party is not there. */
export function PartyEnded({ kind }: { kind: 'kicked' | 'gone' }) {
  const { t } = useLingui();
  return (
    <main className="screen party-phone party-ended" data-party-phase={kind}>
      <h1>{kind === 'kicked' ? t`The host removed you from this party.` : t`This party is over or does not exist.`}</h1>
      <p className="lead">
        {kind === 'kicked'
          ? t`You can join another party with its code.`
          : t`Check the link, or join a party with its code.`}
      </p>
      <Link className="button button--primary" to={partyJoinPath}>
        {t`Play together`}
      </Link>
    </main>
  );
}

import { useLingui } from '@lingui/react/macro';
import type { PartyReveal, PartyState } from '../../../../shared/party.js';
import { formatScore } from '../../../i18n/format.js';
import { Isolated } from '../../../i18n/Isolated.js';
import { shownName } from '../../../i18n/names.js';
import { standingsOf } from './ranks.js';
import { roundTitle } from './round-words.js';

/** How many rows the shared screen shows: the rest are counted below them. */
export const STANDINGS_SHOWN = 10;

/** A rank change as a sign the room reads at a glance (▲2, ▼1), and in words for screen readers. */
function Change({ change }: { change: number }) {
  const { t } = useLingui();
  if (change === 0) return <span className="party-standings__change" data-change="same" />;
  const places = Math.abs(change);
  return (
    <span className="party-standings__change" data-change={change > 0 ? 'up' : 'down'}>
      <span aria-hidden="true">
        {change > 0 ? '▲' : '▼'}
        {places}
      </span>
      <span className="visually-hidden">
        {change > 0
          ? places === 1
            ? t`up 1 place`
            : t`up ${places} places`
          : places === 1
            ? t`down 1 place`
            : t`down ${places} places`}
      </span>
    </span>
  );
}

/** The standings after a guess round: rank, change, name, points (and this round's). */
export function Standings({ state, reveal }: { state: PartyState; reveal: PartyReveal | null }) {
  const { i18n, t } = useLingui();
  const rows = standingsOf(state.players, reveal);
  const shown = rows.slice(0, STANDINGS_SHOWN);
  const more = rows.length - shown.length;
  return (
    <div className="party-round party-round--standings">
      <header className="party-round__head">
        <p className="party-round__title">
          <Isolated text={roundTitle(i18n, state)} />
        </p>
      </header>
      <h1 className="party-heading">{t`Standings`}</h1>
      <ol className="party-standings" data-testid="party-standings">
        {shown.map(({ player, rank, change, gained }) => (
          <li key={player.playerID} className="party-standings__row" data-player={player.playerID}>
            <span className="party-standings__rank">{rank}</span>
            <Change change={change} />
            <bdi className="party-standings__name">{shownName(i18n, player.playerName)}</bdi>
            {gained > 0 && <span className="party-standings__gained">+{formatScore(i18n, gained)}</span>}
            <span className="party-standings__points">{formatScore(i18n, player.points)}</span>
          </li>
        ))}
      </ol>
      {more > 0 && <p className="party-standings__more">{t`and ${more} more`}</p>}
    </div>
  );
}

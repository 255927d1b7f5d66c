import { useLingui } from '@lingui/react/macro';
import type { PartyPlayer } from '../../../../shared/party.js';
import { formatScore } from '../../../i18n/format.js';
import { nameInSentence, shownName } from '../../../i18n/names.js';
import { ConfirmAction } from '../../creator/ConfirmAction.js';

interface PlayerListProps {
  players: readonly PartyPlayer[];
  meId: string | null;
  /** Standings: each row's rank and points (guess). */
  ranked?: ReadonlyMap<string, number>;
  /** The host's phone: each other player's row has Remove (asked to confirm). */
  onKick?: (playerID: string) => Promise<void>;
}

/** Who is in, live: away players dimmed, "you" and the host marked; in standings, rank and points. */
export function PlayerList({ players, meId, ranked, onKick }: PlayerListProps) {
  const { i18n, t } = useLingui();
  return (
    <ol className="party-list party-players" aria-label={ranked ? t`Standings` : t`Players`}>
      {players.map((player) => {
        const me = player.playerID === meId;
        const name = shownName(i18n, player.playerName);
        const inSentence = nameInSentence(i18n, player.playerName);
        const rank = ranked?.get(player.playerID);
        return (
          <li
            key={player.playerID}
            className={`party-list__row${me ? ' party-list__row--me' : ''}${player.connected ? '' : ' party-list__row--away'}`}
          >
            {rank !== undefined && <span className="party-list__rank">{rank}</span>}
            <span className="party-list__name">
              <bdi>{name}</bdi>
              {me && <span className="party-tag">{t`you`}</span>}
              {player.host && <span className="party-tag">{t`host`}</span>}
              {!player.connected && <span className="party-tag party-tag--away">{t`away`}</span>}
            </span>
            {rank !== undefined && <span className="party-list__points">{formatScore(i18n, player.points)}</span>}
            {onKick && !me && (
              <span className="party-list__action">
                <ConfirmAction
                  size="small"
                  label={t`Remove`}
                  target={name}
                  question={t`Remove ${inSentence} from the party?`}
                  confirmLabel={t`Remove`}
                  onConfirm={() => onKick(player.playerID)}
                />
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

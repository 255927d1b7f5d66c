import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Player } from '../../../shared/api.js';
import { formatScoreText } from '../../i18n/format.js';
import { shownName } from '../../i18n/names.js';

export interface PlayersTableProps {
  players: Player[];
  emptyText?: string;
  /** When given, each name links there (the creator opens a friend's answers). */
  linkTo?: (player: Player) => string;
  /** This browser's own public id on the game: that row is marked "you". */
  selfId?: string | null;
  /** Controls for each friend, in a last column (the creator's Remove); no column without it. */
  actions?: (player: Player) => ReactNode;
  /** Something said about a friend after their name (the creator's burst flag). */
  mark?: (player: Player) => ReactNode;
}

/** Friends and their scores, in the order given (highest first). */
export function PlayersTable({ players, emptyText, linkTo, selfId, actions, mark }: PlayersTableProps) {
  const { i18n, t } = useLingui();
  if (players.length === 0) return <p className="players-empty">{emptyText ?? t`Looks like no one has played yet.`}</p>;
  return (
    <table className="players">
      <thead>
        <tr>
          <th scope="col">{t`Player Name`}</th>
          <th scope="col" className="players__score">
            {t`Score`}
          </th>
          {actions && (
            <th scope="col" className="players__actions">
              <span className="visually-hidden">{t`Actions`}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {players.map((player) => {
          const self = selfId != null && player.playerID === selfId;
          const name = shownName(i18n, player.playerName);
          return (
            <tr key={player.playerID} className={self ? 'players__self' : undefined}>
              {/* The name in a <bdi>: it reads in its own direction, as it does in the sentences. */}
              <td className="players__name" title={name}>
                {linkTo ? (
                  <Link className="players__link players__label" to={linkTo(player)}>
                    <bdi>{name}</bdi>
                  </Link>
                ) : (
                  <span className="players__label">
                    <bdi>{name}</bdi>
                  </span>
                )}
                {self && (
                  <>
                    {' '}
                    <span className="players__you">{t`(you)`}</span>
                  </>
                )}
                {mark?.(player)}
              </td>
              <td className="players__score">{formatScoreText(i18n, player.score)}</td>
              {actions && <td className="players__actions">{actions(player)}</td>}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

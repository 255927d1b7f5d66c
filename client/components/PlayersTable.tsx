import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Player } from '../../shared/api.js';
import { displayName } from '../../shared/product.js';
import { scoreText } from '../../shared/score-text.js';

export const EMPTY_SCOREBOARD = 'Looks like no one has played yet.';

export interface PlayersTableProps {
  players: Player[];
  emptyText?: string;
  /** When given, each name links there (the creator opens a friend's answers). */
  linkTo?: (player: Player) => string;
  /** This browser's own public id on the game: that row is marked "you". */
  selfId?: string | null;
  /** Controls for each friend, in a last column (the creator's Remove); no column without it. */
  actions?: (player: Player) => ReactNode;
}

/** Friends and their scores, in the order given (highest first). */
export function PlayersTable({ players, emptyText = EMPTY_SCOREBOARD, linkTo, selfId, actions }: PlayersTableProps) {
  if (players.length === 0) return <p className="players-empty">{emptyText}</p>;
  return (
    <table className="players">
      <thead>
        <tr>
          <th scope="col">Player Name</th>
          <th scope="col" className="players__score">
            Score
          </th>
          {actions && (
            <th scope="col" className="players__actions">
              <span className="visually-hidden">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {players.map((player) => {
          const self = selfId != null && player.playerID === selfId;
          const name = displayName(player.playerName);
          return (
            <tr key={player.playerID} className={self ? 'players__self' : undefined}>
              <td className="players__name" title={name}>
                {linkTo ? (
                  <Link className="players__link players__label" to={linkTo(player)}>
                    {name}
                  </Link>
                ) : (
                  <span className="players__label">{name}</span>
                )}
                {self && (
                  <>
                    {' '}
                    <span className="players__you">(you)</span>
                  </>
                )}
              </td>
              <td className="players__score">{scoreText(player.score)}</td>
              {actions && <td className="players__actions">{actions(player)}</td>}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

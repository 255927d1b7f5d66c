import type { ReactNode } from 'react';
import type { Player } from '../../shared/api.js';
import { displayName } from '../../shared/product.js';

export const EMPTY_SCOREBOARD = 'Looks like no one has played yet.';

export interface PlayersTableProps {
  players: Player[];
  emptyText?: string;
  /** Controls for each friend, in a last column (the creator's Remove); no column without it. */
  actions?: (player: Player) => ReactNode;
}

/** Friends and their scores, in the order given (highest first). */
export function PlayersTable({ players, emptyText = EMPTY_SCOREBOARD, actions }: PlayersTableProps) {
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
        {players.map((player) => (
          <tr key={player.playerID}>
            <td className="players__name">{displayName(player.playerName)}</td>
            <td className="players__score">{player.score}</td>
            {actions && <td className="players__actions">{actions(player)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

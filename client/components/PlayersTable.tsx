import type { Player } from '../../shared/api.js';
import { displayName } from '../../shared/product.js';

export const EMPTY_SCOREBOARD = 'Looks like no one has played yet.';

/** Friends and their scores, in the order given (highest first). */
export function PlayersTable({ players, emptyText = EMPTY_SCOREBOARD }: { players: Player[]; emptyText?: string }) {
  if (players.length === 0) return <p className="players-empty">{emptyText}</p>;
  return (
    <table className="players">
      <thead>
        <tr>
          <th scope="col">Player Name</th>
          <th scope="col" className="players__score">
            Score
          </th>
        </tr>
      </thead>
      <tbody>
        {players.map((player) => (
          <tr key={player.playerID}>
            <td className="players__name">{displayName(player.playerName)}</td>
            <td className="players__score">{player.score}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

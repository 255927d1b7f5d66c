import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Note } from '../../../shared/notes.js';
import { comparisonPath } from '../../paths.js';
import { BurstMark, BurstNotice } from '../circle/BurstMark.js';
import { useBursts } from '../circle/useBursts.js';
import { NoteMark } from '../notes/NoteMark.js';
import { PlayersTable, type PlayersTableProps } from '../scoreboard/PlayersTable.js';
import { RemoveFriend } from './RemoveFriend.js';

interface CreatorPlayersTableProps extends Omit<PlayersTableProps, 'actions' | 'linkTo'> {
  gameId: string;
  /** From useIsCreator: only a creator gets the Remove controls (the server checks again). */
  isCreator: boolean | undefined;
  /** For creators: the notes friends left (useNotes), shown beside their names. */
  notes?: ReadonlyMap<string, Note>;
}

/**
 * The friends table; for the game's creator each name opens that friend's answers and each row
 * has a Remove control, and a friend whose play came in a burst from one network is marked (only
 * here: get-bursts answers creators only). A removed row goes at once here; every other open scoreboard drops it
 * when the live `removed` message arrives.
 */
export function CreatorPlayersTable({ gameId, isCreator, players, notes, ...rest }: CreatorPlayersTableProps) {
  const { t } = useLingui();
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const shown = removed.size === 0 ? players : players.filter((player) => !removed.has(player.playerID));
  const markRemoved = (playerID: string) => setRemoved((ids) => new Set(ids).add(playerID));
  // For creators only: friends whose plays came in a burst from one network.
  const bursts = useBursts(gameId, players, isCreator);
  const flagged = bursts.size === 0 ? [] : shown.filter((player) => bursts.has(player.playerID));

  return (
    <>
      {isCreator && shown.length > 0 && <p className="players-hint">{t`Tap a friend to see their answers.`}</p>}
      {flagged.length > 0 && <BurstNotice />}
      <PlayersTable
        {...rest}
        players={shown}
        mark={
          bursts.size === 0 && (notes?.size ?? 0) === 0
            ? undefined
            : (player) => {
                const note = notes?.get(player.playerID);
                return (
                  <>
                    {bursts.has(player.playerID) && <BurstMark />}
                    {note && <NoteMark note={note} />}
                  </>
                );
              }
        }
        linkTo={isCreator ? (player) => comparisonPath(gameId, player.playerID) : undefined}
        actions={
          isCreator
            ? (player) => (
                <RemoveFriend
                  gameId={gameId}
                  playerID={player.playerID}
                  playerName={player.playerName}
                  icon={<RemoveIcon />}
                  onRemoved={() => markRemoved(player.playerID)}
                />
              )
            : undefined
        }
      />
    </>
  );
}

/** A cross: the compact Remove control leaves the row's width to the friend's name. */
function RemoveIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" focusable="false" aria-hidden="true">
      <path d="M3.5 3.5l9 9M12.5 3.5l-9 9" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Player } from '../../../shared/api.js';
import { PlayersTable } from './PlayersTable.js';

const players: Player[] = [
  { playerID: 'p1', playerName: 'Kim', score: 9 },
  { playerID: 'p2', playerName: '', score: 4 },
];

const table = (props: Partial<Parameters<typeof PlayersTable>[0]> = {}) =>
  render(
    <MemoryRouter>
      <PlayersTable players={players} {...props} />
    </MemoryRouter>,
  );

describe('players table', () => {
  it('shows names as plain text, with no row marked, by default', () => {
    table();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'Player NameScore',
      'Kim9/10',
      'Anonymous4/10',
    ]);
  });

  it('links each name where linkTo says (the creator opening a friend)', () => {
    table({ linkTo: (player) => `/comparison/g/${player.playerID}` });
    expect(screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Kim', '/comparison/g/p1'],
      ['Anonymous', '/comparison/g/p2'],
    ]);
  });

  it('marks the own row "you"', () => {
    table({ selfId: 'p2' });
    expect(screen.getByRole('cell', { name: 'Anonymous (you)' }).closest('tr')?.className).toBe('players__self');
    expect(screen.getByRole('cell', { name: 'Kim' }).closest('tr')?.className).toBe('');
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PartyState } from '../../shared/party.js';
import { mockFetch, renderAt, sentence } from '../test/helpers.js';
import { PARTY_ID, partyState, player } from '../test/party.js';
import PartyResults from './PartyResults.js';

function open(state: PartyState | { status: number; body: unknown }) {
  const fetchMock = mockFetch((url) => {
    if (url.pathname === '/prod/get-party') return 'status' in state ? state : { body: state };
    // The story card, fetched ahead for the share sheet.
    return { status: 404, body: {} };
  });
  renderAt(`/party/${PARTY_ID}/results`, '/party/:partyId/results', <PartyResults />);
  return fetchMock;
}

const finished = (change: Partial<PartyState>) =>
  partyState({ phase: 'finished', code: null, round: 2, final: { knowsBest: [], pairs: [], matches: [] }, ...change });

describe('a party’s results', () => {
  it('guess: the podium, who knows whom best, and a share line without answers', async () => {
    const fetchMock = open(
      finished({
        players: [
          player('c', 'Cy', { points: 21.5 }),
          player('a', 'Ada', { points: 14 }),
          player('b', 'Bo', { points: 9 }),
        ],
        final: {
          knowsBest: [
            { subject: 'a', playerID: 'c', points: 9.2 },
            { subject: 'b', playerID: 'a', points: 7 },
          ],
          pairs: [],
          matches: [],
        },
      }),
    );
    const podium = await screen.findByTestId('party-podium');
    expect(
      within(podium)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['1Cy21.5 pointsPlace 1', '2Ada14 pointsPlace 2', '3Bo9 pointsPlace 3']);
    const best = screen.getByTestId('knows-best');
    expect(within(best).getByText(sentence('Cy knows Ada best'))).toBeTruthy();
    expect(within(best).getByText(sentence('Ada knows Bo best'))).toBeTruthy();
    const get = new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost');
    expect(get.searchParams.get('partyId')).toBe(PARTY_ID);
    expect(get.searchParams.has('userId')).toBe(false);
    // The story card of the podium is fetched in the reader's language.
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(`/og/party/${PARTY_ID}.png?lang=en`),
    );
    const whatsApp = screen.getByRole('link', { name: /WhatsApp/ }).getAttribute('href') ?? '';
    const line = decodeURIComponent(whatsApp);
    expect(line).toContain('Cy knows everyone best');
    expect(line).toContain(`/party/${PARTY_ID}/results`);
  });

  it('alike: the closest pairs and everyone’s closest match, as bands', async () => {
    open(
      finished({
        format: 'alike',
        gameType: 'Classic',
        final: {
          knowsBest: [],
          pairs: [
            { a: 'a', b: 'c', band: 'in-tune' },
            { a: 'b', b: 'c', band: 'close' },
          ],
          matches: [
            { playerID: 'a', match: 'c', band: 'in-tune' },
            { playerID: 'b', match: 'c', band: 'close' },
          ],
        },
      }),
    );
    const pairs = await screen.findByTestId('closest-pairs');
    expect(
      within(pairs)
        .getAllByRole('listitem')
        .map((pair) => pair.textContent),
    ).toEqual(['Ada & CyIn tune', 'Bo & CyClose']);
    expect(within(screen.getByTestId('matches')).getByText(sentence('Bo is closest to Cy'))).toBeTruthy();
    expect(screen.queryByTestId('party-podium')).toBeNull();
  });

  it('a party still being played points to its screen', async () => {
    open(partyState({ phase: 'answering' }));
    expect(await screen.findByText('This party is still being played.')).toBeTruthy();
  });

  it('an unknown party says so', async () => {
    open({
      status: 404,
      body: { code: 'unknown_party', message: 'This party does not exist. Check the link you followed.' },
    });
    expect(await screen.findByText('This party does not exist. Check the link you followed.')).toBeTruthy();
  });
});

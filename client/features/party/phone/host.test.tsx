import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PartyMe } from '../../../../shared/party.js';
import PartyPhone from '../../../screens/PartyPhone.js';
import { userId } from '../../../state/user.js';
import { advance, FakeWebSocket, mockFetch, renderAt } from '../../../test/helpers.js';
import { answering, PARTY_ID, partyState, sendState } from '../../../test/party.js';

const ADA: PartyMe = { playerID: 'a', host: true, answer: null };
type Command = { command: string; playerID?: string };

/** The host's phone; every party-command's body is kept, and `refuse` answers one with an error. */
async function openAsHost(refuse?: { code: string; message: string }) {
  const commands: Command[] = [];
  mockFetch((url, init) => {
    if (url.pathname === '/prod/get-party') return { body: { ...partyState(), me: ADA } };
    const body = JSON.parse(String(init?.body));
    commands.push({ command: body.command, ...(body.playerID && { playerID: body.playerID }) });
    expect(body).toMatchObject({ partyId: PARTY_ID, userId: userId() });
    if (refuse) return { status: 409, body: refuse };
    return { body: { ok: true, partyId: PARTY_ID } };
  });
  renderAt(`/party/${PARTY_ID}`, '/party/:partyId', <PartyPhone />);
  await advance(0);
  return commands;
}
const button = (name: string) => screen.getByRole('button', { name });

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.install();
});

describe("the host's controls", () => {
  it('shows the code, the TV address and a QR in the lobby; Start waits for a second player and says why', async () => {
    const commands = await openAsHost();
    sendState(partyState({ players: partyState().players.slice(0, 1) }), ADA);
    expect(screen.getByTestId('party-code').textContent).toBe('BCDFG');
    expect(screen.getByText(`On a TV or laptop, open ${window.location.host}/tv and type BCDFG`)).toBeTruthy();
    expect(button('Start').hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('At least 2 players are needed to start.')).toBeTruthy();
    sendState(partyState());
    expect(button('Start').hasAttribute('disabled')).toBe(false);
    fireEvent.click(button('Start'));
    await advance(0);
    expect(commands).toEqual([{ command: 'start' }]);
  });

  it('removes a player only after a confirmation', async () => {
    const commands = await openAsHost();
    sendState(partyState(), ADA);
    const bo = screen.getAllByRole('listitem').find((row) => row.textContent?.startsWith('Bo'));
    if (!bo) throw new Error('no row for Bo');
    // No Remove on the host's own row.
    const ada = screen.getAllByRole('listitem').find((row) => row.textContent?.startsWith('Ada'));
    expect(within(ada as HTMLElement).queryByRole('button', { name: 'Remove' })).toBeNull();
    fireEvent.click(within(bo).getByRole('button', { name: 'Remove' }));
    expect(commands).toEqual([]);
    expect(screen.getByText('Remove ⁨Bo⁩ from the party?')).toBeTruthy();
    fireEvent.click(within(bo).getByRole('button', { name: 'Remove' }));
    await advance(0);
    expect(commands).toEqual([{ command: 'kick', playerID: 'b' }]);
  });

  it('pauses, skips on, closes joining and ends (after asking) during a round; resumes when paused', async () => {
    const commands = await openAsHost();
    sendState(answering(), ADA);
    fireEvent.click(button('Reveal now'));
    await advance(0);
    fireEvent.click(button('Pause'));
    await advance(0);
    fireEvent.click(button('Close joining'));
    await advance(0);
    fireEvent.click(button('End the party'));
    fireEvent.click(button('End it'));
    await advance(0);
    sendState(answering({ phase: 'paused', pausedPhase: 'answering', closesInMs: null, code: null }));
    expect(screen.getByRole('heading', { level: 2, name: 'Paused' })).toBeTruthy();
    fireEvent.click(button('Resume'));
    await advance(0);
    fireEvent.click(button('Open joining'));
    await advance(0);
    expect(commands.map((c) => c.command)).toEqual(['next', 'pause', 'lock', 'end', 'resume', 'unlock']);
  });

  it('offers Play again at the end, and says a refusal', async () => {
    const commands = await openAsHost({
      code: 'party_too_small',
      message: 'A party needs at least 2 players to start.',
    });
    sendState(partyState({ phase: 'finished', final: { knowsBest: [], pairs: [], matches: [] } }), ADA);
    expect(screen.queryByRole('button', { name: 'End the party' })).toBeNull();
    fireEvent.click(button('Play again'));
    await advance(0);
    expect(commands).toEqual([{ command: 'again' }]);
    expect(screen.getByRole('alert').textContent).toBe('A party needs at least 2 players to start.');
  });

  it('gives a guest no controls', async () => {
    mockFetch(() => ({ body: { ...partyState(), me: { playerID: 'b', host: false, answer: null } } }));
    renderAt(`/party/${PARTY_ID}`, '/party/:partyId', <PartyPhone />);
    await advance(0);
    sendState(answering(), { playerID: 'b', host: false, answer: null });
    expect(screen.queryByRole('region', { name: 'Host controls' })).toBeNull();
    expect(screen.queryByTestId('party-code')).toBeNull();
  });
});

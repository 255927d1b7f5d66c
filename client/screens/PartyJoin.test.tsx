import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userId } from '../state/user.js';
import { advance, mockFetch, renderAt } from '../test/helpers.js';
import PartyJoin from './PartyJoin.js';

const where = () => screen.queryByTestId('where')?.textContent;
const open = () => renderAt('/party', '/party', <PartyJoin />);
const name = (value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: 'Your name' }), { target: { value } });

beforeEach(() => {
  vi.useFakeTimers();
});

describe('starting a party', () => {
  it("sends the host's settings and opens the party's page", async () => {
    const fetchMock = mockFetch(() => ({ body: { partyId: 'partyNew12345', code: 'BCDFG', playerID: 'a' } }));
    open();
    name('Ada');
    fireEvent.click(screen.getByRole('radio', { name: /Classic/ }));
    fireEvent.click(screen.getByRole('radio', { name: /See who's alike/ }));
    fireEvent.click(screen.getByRole('radio', { name: /No clock/ }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Rounds' }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: /Couples/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Start a party' }));
    await advance(0);
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/prod/create-party');
    expect(JSON.parse(String(init?.body))).toEqual({
      userId: userId(),
      userName: 'Ada',
      gameType: 'Classic',
      format: 'alike',
      timing: 'off',
      rounds: 3,
      pack: 'couples',
      lang: 'en',
    });
    expect(where()).toBe('/party/partyNew12345');
  });

  it('leaves the rounds to the server unless the host picks a number', async () => {
    const fetchMock = mockFetch(() => ({ body: { partyId: 'partyNew12345', code: 'BCDFG', playerID: 'a' } }));
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Start a party' }));
    await advance(0);
    const body = JSON.parse(String(fetchMock.mock.calls[0][1]?.body));
    expect(body).toMatchObject({ gameType: 'Spectrum', format: 'guess', timing: 'standard' });
    expect(body).not.toHaveProperty('rounds');
  });
});

describe('joining with a code', () => {
  it('takes the code in any case and with spaces, and opens the party', async () => {
    const fetchMock = mockFetch(() => ({ body: { partyId: 'partyAbc12345', playerID: 'b', host: false } }));
    open();
    name('Bo');
    fireEvent.change(screen.getByRole('textbox', { name: 'Party code' }), { target: { value: 'bc df g' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await advance(0);
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({
      code: 'BCDFG',
      userId: userId(),
      userName: 'Bo',
      lang: 'en',
    });
    expect(where()).toBe('/party/partyAbc12345');
  });

  it('says what a code looks like without asking the server when it cannot be one', async () => {
    const fetchMock = mockFetch(() => ({ body: {} }));
    open();
    fireEvent.change(screen.getByRole('textbox', { name: 'Party code' }), { target: { value: 'abcde' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await advance(0);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/5 letters with no vowels/);
  });

  it.each([
    [404, 'party_not_found', 'No open party has this code.'],
    [429, 'too_many_code_lookups', 'Too many wrong party codes from your network; try again later.'],
    [409, 'party_full', 'This party is full.'],
  ])('says the server’s %i (%s) and stays', async (status, code, message) => {
    mockFetch(() => ({ status, body: { code, message } }));
    open();
    fireEvent.change(screen.getByRole('textbox', { name: 'Party code' }), { target: { value: 'BCDFG' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await advance(0);
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(where()).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says when the network is down', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    open();
    fireEvent.change(screen.getByRole('textbox', { name: 'Party code' }), { target: { value: 'BCDFG' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await advance(0);
    expect(screen.getByRole('alert').textContent).toBe(
      "We couldn't join the party. Check your connection and try again.",
    );
  });
});

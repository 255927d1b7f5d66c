import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeResponse, mockFetch, renderAt } from '../test/helpers.js';
import PartyTv from './PartyTv.js';

function open(reply: FakeResponse) {
  const fetchMock = mockFetch(() => reply);
  renderAt('/tv', '/tv', <PartyTv />);
  return fetchMock;
}

async function type(code: string) {
  fireEvent.change(screen.getByLabelText('Party code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Show the party' }));
  await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Looking for the party…' })).toBeNull());
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('/tv', () => {
  it('finds the party by its code, typed in any case and with spaces, and becomes its shared screen', async () => {
    const fetchMock = open({ body: { partyId: 'party1234567' } });
    await type(' bc d-fg ');
    const url = new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost');
    expect(url.pathname).toBe('/prod/find-party');
    expect(url.searchParams.get('code')).toBe('BCDFG');
    expect(screen.getByTestId('where').textContent).toBe('/party/party1234567/screen');
  });

  it('says clearly when no party has the code, and asks nothing for what cannot be a code', async () => {
    const fetchMock = open({ status: 404, body: { code: 'party_not_found', message: 'No open party has this code.' } });
    await type('bcdfx');
    expect(screen.getByRole('alert').textContent).toBe('No open party has this code.');
    expect(screen.getByLabelText('Party code').getAttribute('aria-invalid')).toBe('true');
    await type('hello');
    expect(screen.getByRole('alert').textContent).toBe('No open party has this code.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says when too many wrong codes came from this network', async () => {
    open({
      status: 429,
      body: {
        code: 'too_many_code_lookups',
        message: 'Too many wrong party codes from your network; try again in 9 min.',
      },
    });
    await type('BCDFG');
    expect(screen.getByRole('alert').textContent).toMatch(/^Too many wrong party codes from your network/);
    expect(screen.queryByTestId('where')).toBeNull();
  });
});

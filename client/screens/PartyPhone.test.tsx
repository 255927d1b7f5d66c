import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PartyMe } from '../../shared/party.js';
import { activateLanguage } from '../i18n/i18n.js';
import { userId } from '../state/user.js';
import { advance, FakeWebSocket, mockFetch, renderAt, sentence } from '../test/helpers.js';
import { answering, PARTY_ID, partyState, player, sendSmall, sendState } from '../test/party.js';
import PartyPhone from './PartyPhone.js';

const BO: PartyMe = { playerID: 'b', host: false, answer: null };
const ADA: PartyMe = { playerID: 'a', host: true, answer: null };
const phase = () => document.querySelector('main')?.getAttribute('data-party-phase');
const where = () => screen.queryByTestId('where')?.textContent;
type Call = { path: string; body: Record<string, unknown> | undefined };

/** The server: get-party (seated as `me`, or not), and every POST recorded with its body. */
function server(me: PartyMe | undefined, reply: (call: Call) => { status?: number; body?: unknown } = () => ({})) {
  const calls: Call[] = [];
  const fetchMock = mockFetch((url, init) => {
    const body = init?.body === undefined ? undefined : JSON.parse(String(init.body));
    const call = { path: url.pathname, body };
    calls.push(call);
    if (url.pathname === '/prod/get-party') return { body: { ...partyState(), ...(me && { me }) } };
    const answer = reply(call);
    if (answer.status !== undefined || answer.body !== undefined) return answer;
    if (url.pathname === '/prod/join-party') return { body: { partyId: PARTY_ID, playerID: 'b', host: false } };
    if (url.pathname === '/prod/party-answer') return { body: { ok: true, round: body.round } };
    return { body: { ok: true, partyId: PARTY_ID } };
  });
  return { calls, fetchMock };
}

async function open() {
  renderAt(`/party/${PARTY_ID}`, '/party/:partyId', <PartyPhone />);
  await advance(0);
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.install();
});

describe('a phone arriving at a party', () => {
  it('asks a browser with no seat for its name and joins by the link, without a code', async () => {
    const { calls } = server(undefined);
    await open();
    expect(phase()).toBe('join');
    expect(FakeWebSocket.instances).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: 'Your name' }), { target: { value: 'Bo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await advance(0);
    expect(calls.find((call) => call.path === '/prod/join-party')?.body).toEqual({
      partyId: PARTY_ID,
      userId: userId(),
      userName: 'Bo',
      lang: 'en',
    });
    sendState(partyState(), BO);
    expect(phase()).toBe('lobby');
    expect(FakeWebSocket.latest.sent[0]).toEqual({ type: 'hello', userId: userId(), lang: 'en' });
  });

  it('says why a join by link is refused (closed to new players) and offers to try again', async () => {
    server(undefined, (call) =>
      call.path === '/prod/join-party'
        ? { status: 409, body: { code: 'party_locked', message: 'The host has closed this party to new players.' } }
        : {},
    );
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await advance(0);
    expect(screen.getByRole('alert').textContent).toBe('The host has closed this party to new players.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('joining a party already playing, waits for the next round instead of offering an answer', async () => {
    mockFetch((url) =>
      url.pathname === '/prod/get-party'
        ? { body: answering({ round: 1 }) }
        : { body: { partyId: PARTY_ID, playerID: 'd', host: false } },
    );
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await advance(0);
    const dee = { playerID: 'd', host: false, answer: null };
    sendState(answering({ round: 1 }), dee);
    expect(screen.getByText("You're in! You'll play from the next round.")).toBeTruthy();
    expect(screen.queryByRole('slider')).toBeNull();
    sendState(answering({ round: 2 }), dee);
    expect(screen.getByRole('slider')).toBeTruthy();
  });

  it('takes its seat again at once when this browser has one (a reload), without asking', async () => {
    const { calls } = server(BO);
    await open();
    expect(calls.some((call) => call.path === '/prod/join-party')).toBe(false);
    sendState(partyState(), BO);
    expect(phase()).toBe('lobby');
    expect(screen.getByText('Waiting for the host to start.')).toBeTruthy();
  });

  it('says so when the party does not exist, and when the host removed this player', async () => {
    mockFetch(() => ({ status: 404, body: { code: 'unknown_party', message: 'This party does not exist.' } }));
    await open();
    expect(phase()).toBe('gone');
    FakeWebSocket.install();
    mockFetch(() => ({ status: 403, body: { code: 'party_kicked', message: 'The host has removed you.' } }));
    renderAt(`/party/${PARTY_ID}`, '/party/:partyId', <PartyPhone />);
    await advance(0);
    expect(screen.getByText('The host removed you from this party.')).toBeTruthy();
  });

  it('offers the results, not a seat, when the party was over before this browser joined', async () => {
    mockFetch(() => ({ body: partyState({ phase: 'finished', code: null }) }));
    await open();
    expect(phase()).toBe('gone');
    expect(screen.getByRole('link', { name: 'See the results' }).getAttribute('href')).toBe(
      `/party/${PARTY_ID}/results`,
    );
    expect(screen.queryByRole('textbox', { name: 'Your name' })).toBeNull();
  });

  it('shows "removed" when the live channel closes for a kick', async () => {
    server(BO);
    await open();
    sendState(partyState(), BO);
    FakeWebSocket.latest.drop(4403);
    expect(phase()).toBe('kicked');
  });
});

describe('the phases on a guesser’s phone', () => {
  it('plays a round: the question, an answer, "Answered — waiting for 1 more", the reveal and standings', async () => {
    const { calls } = server(BO);
    await open();
    sendState(partyState({ phase: 'intro', question: answering().question, subject: answering().subject }), BO);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Round 1 of 3 — about Ada');
    sendState(answering(), BO);
    expect(phase()).toBe('answering');
    expect(screen.getByText(sentence('What would Ada say?'))).toBeTruthy();
    fireEvent.change(screen.getByRole('slider'), { target: { value: '64' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lock in 64' }));
    await advance(0);
    expect(calls.find((call) => call.path === '/prod/party-answer')?.body).toEqual({
      partyId: PARTY_ID,
      userId: userId(),
      round: 0,
      answer: 64,
    });
    sendSmall({ type: 'answered', playerID: 'b' });
    expect(screen.getByText('Answered — waiting for 2 more')).toBeTruthy();
    sendSmall({ type: 'answered', playerID: 'a' });
    expect(screen.getByText('Answered — waiting for 1 more')).toBeTruthy();
    // Di joins mid-round: she plays from the next round, so the round does not wait for her.
    const withDi = [
      player('a', 'Ada', { host: true, answered: true }),
      player('b', 'Bo', { answered: true }),
      player('c', 'Cy'),
      player('d', 'Di', { inRound: false }),
    ];
    sendState(answering({ players: withDi }), { ...BO, answer: 64 });
    expect(screen.getByText('Answered — waiting for 1 more')).toBeTruthy();
    expect(screen.getByText('Your answer: 64')).toBeTruthy();

    const reveal = {
      answers: [
        { playerID: 'c', answer: 70, points: 9.6 },
        { playerID: 'b', answer: 64, points: 7.2 },
      ],
      subjectAnswer: 72,
      closest: ['c'],
    };
    sendState(answering({ phase: 'reveal', closesInMs: 8000, reveal }));
    expect(screen.getByText(sentence('Ada said 72'))).toBeTruthy();
    expect(screen.getByText(sentence('2nd closest — 8 away · +7.2'))).toBeTruthy();
    const players = answering().players.map((p) => ({
      ...p,
      points: p.playerID === 'c' ? 9.6 : p.playerID === 'b' ? 7.2 : 0,
    }));
    sendState(
      answering({ phase: 'standings', closesInMs: 5000, reveal, players: [players[2], players[1], players[0]] }),
    );
    const rows = screen.getAllByRole('listitem').map((row) => row.textContent);
    expect(rows).toEqual(['1Cy9.6', '2Boyou7.2', '3Adahost0']);
  });

  it('tells the subject everyone is guessing their answer, and keeps an answer given before a reload', async () => {
    server(ADA);
    await open();
    sendState(answering(), { ...ADA, answer: 30 });
    expect(screen.getByText('Everyone is guessing your answer')).toBeTruthy();
    expect(screen.getByText('Your answer: 30')).toBeTruthy();
    expect(screen.queryByRole('slider')).toBeNull();
    const reveal = { answers: [{ playerID: 'c', answer: 35, points: 9 }], subjectAnswer: 30, closest: ['c'] };
    sendState(answering({ phase: 'reveal', closesInMs: 8000, reveal }));
    expect(screen.getByText(sentence('You said 30'))).toBeTruthy();
    expect(screen.getByText(sentence('Closest to you: Cy'))).toBeTruthy();
  });

  it('answers a Classic round with one tap on the word, and says a refusal', async () => {
    const { calls } = server(BO, (call) =>
      call.path === '/prod/party-answer'
        ? { status: 409, body: { code: 'round_closed', message: 'This round is closed.' } }
        : {},
    );
    await open();
    const question = { questionID: 'c1', question: 'Pick a pet', options: ['Dog', 'Cat', 'Fish', 'Bird'] };
    sendState(answering({ gameType: 'Classic', question }), BO);
    await advance(400);
    fireEvent.click(screen.getByRole('button', { name: 'Fish' }));
    await advance(0);
    expect(calls.find((call) => call.path === '/prod/party-answer')?.body?.answer).toBe(3);
    expect(screen.getByRole('alert').textContent).toBe('This round is closed.');
  });

  it('counts down from the deadline, and never up within a phase', async () => {
    server(BO);
    await open();
    sendState(answering({ closesInMs: 20_000 }), BO);
    const seconds = () => screen.getByTestId('party-countdown').getAttribute('data-seconds');
    expect(seconds()).toBe('20');
    await advance(5000);
    expect(seconds()).toBe('15');
    // A later message of the same phase naming a later end does not move it back up.
    sendState(answering({ closesInMs: 19_000 }));
    await advance(250);
    expect(seconds()).toBe('15');
    await advance(15_000);
    expect(seconds()).toBe('0');
    sendState(
      answering({ phase: 'reveal', closesInMs: 8000, reveal: { answers: [], subjectAnswer: null, closest: [] } }),
    );
    expect(screen.queryByTestId('party-countdown')).toBeNull();
  });

  it('follows the host\'s "Play again" to the new party', async () => {
    server(BO);
    await open();
    sendState(partyState({ phase: 'finished', final: { knowsBest: [], pairs: [], matches: [] } }), BO);
    expect(screen.getByRole('link', { name: 'See the results' }).getAttribute('href')).toBe(
      `/party/${PARTY_ID}/results`,
    );
    sendState(partyState({ phase: 'finished', nextPartyId: 'party7654321' }));
    await advance(0);
    expect(FakeWebSocket.latest.url).toContain('/party-live/party7654321');
    expect(where()).toBeUndefined();
  });
});

describe('a phone in its own language', () => {
  it('joins and says hello in Spanish, and plays in Spanish ("sala")', async () => {
    await activateLanguage('es');
    try {
      const { calls } = server(undefined);
      await open();
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Entra a la sala de Ada');
      fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
      await advance(0);
      expect(calls.find((call) => call.path === '/prod/join-party')?.body?.lang).toBe('es');
      expect(calls[0].path).toBe('/prod/get-party');
      sendState(answering(), BO);
      expect(FakeWebSocket.latest.sent[0]).toEqual({ type: 'hello', userId: userId(), lang: 'es' });
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ronda 1 de 3: sobre Ada');
      expect(screen.getByText(sentence('¿Qué diría Ada?'))).toBeTruthy();
    } finally {
      await activateLanguage('en');
    }
  });
});

import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PartyState } from '../../shared/party.js';
import { advance, FakeWebSocket, mockFetch, renderAt, sentence } from '../test/helpers.js';
import { CLASSIC_QUESTION, PARTY_ID, partyState, player, SPECTRUM_QUESTION } from '../test/party.js';
import PartyScreen from './PartyScreen.js';

let seq = 0;
function open(first: Partial<PartyState> = {}) {
  renderAt(`/party/${PARTY_ID}/screen`, '/party/:partyId/screen', <PartyScreen />);
  FakeWebSocket.latest.open();
  send(first);
}
const send = (change: Partial<PartyState>) =>
  FakeWebSocket.latest.receive({ type: 'party', seq: seq++, ...partyState(change) });
const phase = () => screen.getByRole('main').getAttribute('data-party-phase');

const answering = (change: Partial<PartyState> = {}): Partial<PartyState> => ({
  phase: 'answering',
  question: SPECTRUM_QUESTION,
  subject: { playerID: 'b', playerName: 'Bo' },
  closesInMs: 20_000,
  ...change,
});

const spectrumReveal: Partial<PartyState> = answering({
  phase: 'reveal',
  closesInMs: 8000,
  reveal: {
    answers: [
      { playerID: 'a', answer: 64, points: 8.6 },
      { playerID: 'c', answer: 12, points: 2.1 },
    ],
    subjectAnswer: 78,
    closest: ['a'],
  },
  players: [
    player('a', 'Ada', { host: true, points: 8.6, answered: true }),
    player('c', 'Cy', { points: 2.1, answered: true }),
    player('b', 'Bo', { answered: true }),
  ],
});

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.install();
  mockFetch(() => ({ status: 500, body: {} }));
  seq = 0;
});

describe('the shared screen', () => {
  it('says hello as a screen (no userId, no language: the host’s) and shows the lobby: code, QR link, names as they join', async () => {
    // The QR code's library arrives as a module of its own: real time.
    vi.useRealTimers();
    open();
    expect(FakeWebSocket.latest.sent).toEqual([{ type: 'hello' }]);
    expect(phase()).toBe('lobby');
    expect(screen.getByTestId('party-code').textContent).toContain('BCDFG');
    const qr = await vi.waitFor(() => screen.getByTestId('party-qr'), { timeout: 10_000 });
    expect(qr.getAttribute('data-link')).toBe(`${window.location.origin}/party/${PARTY_ID}`);
    expect(screen.getByText(sentence(`Join at ${window.location.host}/party`))).toBeTruthy();
    expect(screen.getByText('3 players are in')).toBeTruthy();
    send({ players: [...partyState().players, player('d', 'Di')] });
    expect(screen.getByText('Di')).toBeTruthy();
    expect(screen.getByText('4 players are in')).toBeTruthy();
    expect(screen.queryByText(/^Theme:/)).toBeNull();
    send({ pack: 'couples' });
    expect(screen.getByText('Theme: 💞 Couples')).toBeTruthy();
  });

  it('announces a round’s start, shows its title and question, and says time is up at the reveal', () => {
    open();
    send({ phase: 'intro', question: SPECTRUM_QUESTION, subject: { playerID: 'b', playerName: 'Bo' }, round: 1 });
    expect(phase()).toBe('intro');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Round 2 of 3 — about Bo');
    expect(screen.getByTestId('party-milestones').textContent).toContain('Round 2 of 3 — about Bo');
    send(answering({ round: 1 }));
    // Cy never answered: the deadline closed the round.
    const players = spectrumReveal.players?.map((p) => (p.playerID === 'c' ? { ...p, answered: false } : p));
    send({ ...spectrumReveal, round: 1, players });
    expect(screen.getByTestId('party-milestones').textContent).toContain("Time's up!");
  });

  it('tells a screen reader 10 seconds are left and how many answered, at most every 5 s, never who joined late', async () => {
    open();
    send({ phase: 'intro', question: SPECTRUM_QUESTION, subject: { playerID: 'a', playerName: 'Ada' } });
    const players = [player('a', 'Ada'), player('b', 'Bo'), player('c', 'Cy'), player('d', 'Di', { inRound: false })];
    send(answering({ players, closesInMs: 20_000 }));
    const said = () => screen.getByTestId('party-milestones').textContent;
    FakeWebSocket.latest.receive({ type: 'answered', seq: seq++, playerID: 'a' });
    await advance(1500);
    expect(said()).toBe('1 of 3 answered.');
    FakeWebSocket.latest.receive({ type: 'answered', seq: seq++, playerID: 'b' });
    await advance(1000);
    // The next count waits its turn (5 s after the last).
    expect(said()).toBe('1 of 3 answered.');
    await advance(4000);
    expect(said()).toBe('2 of 3 answered.');
    await advance(4000);
    expect(said()).toBe('10 seconds left.');
    FakeWebSocket.latest.receive({ type: 'answered', seq: seq++, playerID: 'c' });
    send({ ...spectrumReveal, players: players.map((p) => ({ ...p, answered: p.inRound })) });
    expect(said()).toBe('Everyone has answered.');
  });

  it('shows who has answered while answering, never an answer, even one a stale state carried', () => {
    open(
      answering({
        players: [player('a', 'Ada', { answered: true }), player('b', 'Bo'), player('c', 'Cy')],
        // A malformed state: the screen must not show a reveal outside the reveal.
        reveal: spectrumReveal.reveal ?? null,
      }),
    );
    expect(screen.getByTestId('party-question').textContent).toContain('I sing in the shower');
    expect(screen.getByText('1 of 3 answered')).toBeTruthy();
    const ada = screen.getByText('Ada').closest('li') as HTMLElement;
    expect(ada.getAttribute('data-answered')).toBe('true');
    expect(within(ada).getByText('✓')).toBeTruthy();
    FakeWebSocket.latest.receive({ type: 'answered', seq: seq++, playerID: 'c' });
    expect(screen.getByText('2 of 3 answered')).toBeTruthy();
    expect(screen.queryByTestId('party-track')).toBeNull();
    expect(screen.queryByTestId('reveal-list')).toBeNull();
    for (const value of ['64', '12', '78']) expect(screen.getByRole('main').textContent).not.toContain(value);
  });

  it('counts down from the deadline and never goes up within the phase', async () => {
    open(answering());
    const countdown = () =>
      Number(screen.getByTestId('party-countdown').querySelector('.party-countdown__number')?.textContent);
    expect(countdown()).toBe(20);
    await advance(5000);
    expect(countdown()).toBe(15);
    // A late sync with more time left: the shown number stays.
    send(answering({ closesInMs: 19_000 }));
    await advance(300);
    expect(countdown()).toBe(15);
    await advance(1000);
    expect(countdown()).toBe(14);
    // The next round starts it again.
    send(answering({ round: 1, closesInMs: 20_000 }));
    expect(countdown()).toBe(20);
  });

  it('places each name at its answer on the Spectrum track, with the subject’s mark, and lists it in words', () => {
    open(spectrumReveal);
    expect(phase()).toBe('reveal');
    const track = screen.getByTestId('party-track');
    const pin = (id: string) => track.querySelector(`[data-player="${id}"]`) as HTMLElement;
    expect(pin('a').style.left).toBe('64%');
    expect(pin('a').textContent).toContain('Ada +8.6');
    expect(pin('a').getAttribute('data-closest')).toBe('true');
    expect(pin('c').style.left).toBe('12%');
    expect(pin('c').textContent).toContain('Cy +2.1');
    expect(screen.getByTestId('subject-mark').style.left).toBe('78%');
    expect(screen.getByTestId('subject-mark').textContent).toContain('Bo');
    const list = screen.getByTestId('reveal-list');
    expect(within(list).getByText(sentence("Bo's answer: 78 out of 100 (0 is Rarely, 100 is Often)"))).toBeTruthy();
    expect(within(list).getByText(sentence('Ada: 64 out of 100 (0 is Rarely, 100 is Often), 8.6 points'))).toBeTruthy();
  });

  it('shows each Classic word with the names that picked it, and the subject’s word', () => {
    open({
      ...spectrumReveal,
      gameType: 'Classic',
      question: CLASSIC_QUESTION,
      reveal: {
        answers: [
          { playerID: 'a', answer: 2, points: 10 },
          { playerID: 'c', answer: 4, points: 0 },
        ],
        subjectAnswer: 2,
        closest: ['a'],
      },
    });
    const words = screen.getByTestId('party-words');
    const word = (text: string) => words.querySelector(`[data-word="${text}"]`) as HTMLElement;
    expect(word('Mushrooms').getAttribute('data-subject')).toBe('true');
    expect(within(word('Mushrooms')).getByText('Ada')).toBeTruthy();
    expect(within(word('Mushrooms')).getByText(sentence("Bo's answer"))).toBeTruthy();
    expect(within(word('Salami')).getByText('Cy')).toBeTruthy();
    expect(within(word('Pineapple')).queryByRole('listitem')).toBeNull();
    expect(within(screen.getByTestId('reveal-list')).getByText(sentence('Cy: Salami, 0 points'))).toBeTruthy();
  });

  it('shows the standings with rank changes', () => {
    open({
      ...spectrumReveal,
      phase: 'standings',
      reveal: { answers: [{ playerID: 'c', answer: 70, points: 9 }], subjectAnswer: 72, closest: ['c'] },
      players: [player('c', 'Cy', { points: 12 }), player('a', 'Ada', { points: 8 }), player('b', 'Bo', { points: 5 })],
    });
    const rows = screen.getByTestId('party-standings');
    const row = (id: string) => rows.querySelector(`[data-player="${id}"]`) as HTMLElement;
    // Before this round Cy had 3: third; now first.
    expect(row('c').textContent).toMatch(/^1▲2up 2 placesCy\+912$/);
    expect(row('a').textContent).toMatch(/^2▼1down 1 placeAda8$/);
  });

  it('shows the podium at the end and follows the host’s "play again" to the new party’s screen', () => {
    open({ phase: 'standings' });
    send({
      phase: 'finished',
      players: [
        player('c', 'Cy', { points: 20 }),
        player('a', 'Ada', { points: 14 }),
        player('b', 'Bo', { points: 9 }),
      ],
      final: { knowsBest: [], pairs: [], matches: [] },
    });
    expect(phase()).toBe('finished');
    const podium = screen.getByTestId('party-podium');
    expect(
      within(podium)
        .getAllByRole('listitem')
        .map((step) => step.getAttribute('data-player')),
    ).toEqual(['c', 'a', 'b']);
    expect(screen.getByTestId('party-milestones').textContent).toBe('The party is over.');
    send({ phase: 'finished', final: { knowsBest: [], pairs: [], matches: [] }, nextPartyId: 'partyNext9876' });
    // The same page for another party: a new channel, to the new party.
    expect(FakeWebSocket.latest.url).toContain('/prod/party-live/partyNext9876');
  });

  it("speaks the host's language, whatever this browser's, and gives the browser's back when left", async () => {
    vi.useRealTimers();
    const { unmount } = renderAt(`/party/${PARTY_ID}/screen`, '/party/:partyId/screen', <PartyScreen />);
    FakeWebSocket.latest.open();
    send(answering({ lang: 'de' }));
    await vi.waitFor(() => expect(screen.getByText('0 von 3 haben geantwortet')).toBeTruthy(), { timeout: 10_000 });
    expect(document.documentElement.lang).toBe('de');
    unmount();
    await vi.waitFor(() => expect(document.documentElement.lang).toBe('en'));
  });

  it('holds the phase under "Paused"', () => {
    open({ ...answering(), phase: 'paused', pausedPhase: 'answering' });
    expect(phase()).toBe('paused');
    expect(screen.getByText('Paused')).toBeTruthy();
    expect(screen.queryByTestId('party-countdown')).toBeNull();
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '../../../shared/model.js';
import { NEW_GAME_ID } from '../../../shared/product.js';
import Game from '../../screens/Game.js';
import Landing from '../../screens/Landing.js';
import Result from '../../screens/Result.js';
import { saveGame, startGame } from '../../state/game.js';
import { saveOwnPlayerId } from '../../state/publicIds.js';
import { userId } from '../../state/user.js';
import { spectrumComparison } from '../../test/comparisons.js';
import { advance, FakeWebSocket, mockFetch, renderAt, sentence } from '../../test/helpers.js';
import { resultGrid } from './grid.js';
import { pendingReply, startReply } from './replyTo.js';

const GAME_ID = 'gameShare1234';
const PLAYER_ID = 'pubBo123';
const LINK = `${window.location.origin}/join/${GAME_ID}`;
const CARD = `/og/result/${GAME_ID}/${PLAYER_ID}.png?lang=en`;

/** The result screen of a friend who played here (their public id stored), with the card served as bytes. */
async function shownWithCard() {
  userId();
  saveOwnPlayerId(GAME_ID, PLAYER_ID);
  const fetchMock = mockFetch((url) =>
    url.pathname.startsWith('/og/') ? { body: 'png bytes' } : { body: spectrumComparison },
  );
  renderAt(`/result/${GAME_ID}`, '/result/:gameId', <Result />);
  await advance(0);
  return fetchMock;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.install();
});

describe('the spoiler-free grid', () => {
  it('marks each round by its points: 🟩 at least 8, 🟨 at least 5, 🟥 below', () => {
    expect(resultGrid([10, 8, 7.9, 5, 4.9, 0])).toBe('🟩🟩🟨🟨🟥🟥');
  });
});

describe('Share my result', () => {
  it('shares the story card as a file with the grid, the score and the link where files can be shared', async () => {
    const share = vi.fn(async (_data: ShareData) => {});
    const canShare = vi.fn((data: ShareData) => (data.files?.length ?? 0) > 0);
    vi.stubGlobal('navigator', { ...navigator, share, canShare });
    const fetchMock = await shownWithCard();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(CARD);
    fireEvent.click(screen.getByRole('button', { name: 'Share my result' }));
    await advance(0);
    expect(share).toHaveBeenCalledTimes(1);
    const data = share.mock.calls[0][0];
    expect(data.files?.map((file) => [file.name, file.type])).toEqual([['wavelength-result.png', 'image/png']]);
    // spectrumComparison's rounds score 10, 8.1 and 0; no answer or question travels.
    expect(data.text).toBe(`I scored 6/10 with Sam on Wavelength!\n🟩🟩🟥\nHow in tune are you with Sam?\n${LINK}`);
  });

  it('offers the picture to save and the text to copy where files cannot be shared', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, share: undefined, canShare: undefined, clipboard: { writeText } });
    await shownWithCard();
    fireEvent.click(screen.getByRole('button', { name: 'Share my result' }));
    await advance(0);
    const offer = screen.getByTestId('share-offer');
    expect(offer.querySelector('a[download]')?.getAttribute('href')).toBe(CARD);
    expect(writeText).not.toHaveBeenCalled();
    // One "Copy the text" on the screen, the chat row's, even with the offer open (issue 43.5).
    expect(screen.getAllByRole('button', { name: 'Copy the text' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Copy the text' }));
    await advance(0);
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('🟩🟩🟥'));
  });

  it('tapped before the card has arrived, says it is preparing the picture and opens the share sheet when it comes (issue 43.5)', async () => {
    const share = vi.fn(async (_data: ShareData) => {});
    const canShare = vi.fn((data: ShareData) => (data.files?.length ?? 0) > 0);
    vi.stubGlobal('navigator', { ...navigator, share, canShare });
    let cardArrives: () => void = () => {};
    const card = new Promise<void>((resolve) => {
      cardArrives = resolve;
    });
    userId();
    saveOwnPlayerId(GAME_ID, PLAYER_ID);
    mockFetch(async (url) => {
      if (!url.pathname.startsWith('/og/')) return { body: spectrumComparison };
      await card;
      return { body: 'png bytes' };
    });
    renderAt(`/result/${GAME_ID}`, '/result/:gameId', <Result />);
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Share my result' }));
    await advance(0);
    expect(share).not.toHaveBeenCalled();
    expect(screen.queryByTestId('share-offer')).toBeNull();
    expect(screen.getByRole('button', { name: 'Preparing your picture…' })).toBeTruthy();
    cardArrives();
    await advance(0);
    expect(share).toHaveBeenCalledTimes(1);
    expect(share.mock.calls[0][0].files?.map((file) => file.name)).toEqual(['wavelength-result.png']);
    expect(screen.queryByTestId('share-offer')).toBeNull();
    expect(screen.getByRole('button', { name: 'Share my result' })).toBeTruthy();
  });

  it('links WhatsApp and Telegram with the text and the link, and draws the link as a QR code', async () => {
    await shownWithCard();
    const whatsApp = screen.getByRole('link', { name: 'WhatsApp' }).getAttribute('href') ?? '';
    const telegram = screen.getByRole('link', { name: 'Telegram' }).getAttribute('href') ?? '';
    expect(whatsApp.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(whatsApp.slice('https://wa.me/?text='.length))).toContain(
      `🟩🟩🟥\nHow in tune are you with Sam?\n${LINK}`,
    );
    const telegramUrl = new URL(telegram);
    expect(telegramUrl.origin + telegramUrl.pathname).toBe('https://t.me/share/url');
    expect(telegramUrl.searchParams.get('url')).toBe(LINK);
    expect(telegramUrl.searchParams.get('text')).toContain('🟩🟩🟥');
    await vi.waitFor(() => expect(screen.getByTestId('join-qr').querySelectorAll('rect').length).toBeGreaterThan(20));
  });

  it('"Make your own — Sam will see it" remembers the game to answer and goes to the start', async () => {
    await shownWithCard();
    fireEvent.click(screen.getByRole('button', { name: 'Make your own — Sam will see it' }));
    await advance(0);
    expect(pendingReply()).toEqual({ gameId: GAME_ID, playerId: userId() });
    expect(screen.getByTestId('where').textContent).toContain('/');
  });

  it('"Make your own — Sam will see it" opens a start page that says the new game is for Sam (issue 43.8)', async () => {
    userId();
    saveOwnPlayerId(GAME_ID, PLAYER_ID);
    mockFetch((url) => {
      if (url.pathname.startsWith('/og/')) return { body: 'png bytes' };
      if (url.pathname === '/prod/get-questions') return { body: { questions: [] } };
      return { body: spectrumComparison };
    });
    render(
      <MemoryRouter initialEntries={[`/result/${GAME_ID}`]}>
        <Routes>
          <Route path="/result/:gameId" element={<Result />} />
          <Route path="/" element={<Landing edition="spectrum" />} />
        </Routes>
      </MemoryRouter>,
    );
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Make your own — Sam will see it' }));
    await advance(0);
    expect(screen.getByRole('button', { name: /Play|Loading/ })).toBeTruthy();
    expect(screen.getByText(sentence("Your new game is for Sam, who will see it once you've answered."))).toBeTruthy();
  });
});

describe('a game made back (replyTo)', () => {
  const questions: Question[] = [{ edition: 'classic', id: 'q1', text: 'Pick a pet', words: ['Dog', 'Cat'] }];
  const made = () => {
    const game = startGame('classic', NEW_GAME_ID, questions);
    saveGame({ ...game, answers: [1] });
    renderAt(`/classic/game/${NEW_GAME_ID}`, '/classic/game/:gameId', <Game edition="classic" />);
  };
  const bodies = (fetchMock: ReturnType<typeof mockFetch>) =>
    fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

  it('is sent with the new game once, then forgotten', async () => {
    startReply({ gameId: GAME_ID, playerId: userId() });
    const fetchMock = mockFetch(() => ({ body: { gameId: 'newGame12345' } }));
    made();
    await advance(0);
    expect(bodies(fetchMock).map((body) => body.replyTo)).toEqual([{ gameId: GAME_ID, playerId: userId() }]);
    expect(pendingReply()).toBeUndefined();
  });

  it('refused (403: that friend was removed meanwhile), the game is made as an ordinary one', async () => {
    startReply({ gameId: GAME_ID, playerId: userId() });
    const fetchMock = mockFetch((_url, init) =>
      JSON.parse(String(init?.body)).replyTo
        ? { status: 403, body: { message: 'You can make a game back only for a game you played.' } }
        : { body: { gameId: 'newGame12345' } },
    );
    made();
    await advance(0);
    expect(bodies(fetchMock).map((body) => 'replyTo' in body)).toEqual([true, false]);
    expect(screen.getByTestId('where').textContent).toBe('/endscreen/newGame12345');
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../i18n/i18n.js';
import { mockFetch } from '../../test/helpers.js';
import { ReportGame } from './ReportGame.js';

const GAME_ID = 'gameAbc12345';

function serve(status = 200) {
  const posted: unknown[] = [];
  const fetchMock = mockFetch((url, init) => {
    posted.push({ path: url.pathname, body: JSON.parse(String(init?.body)) });
    return status === 200
      ? { body: { ok: true } }
      : { status, body: { message: 'Too many reports from your network today; try again tomorrow.' } };
  });
  return { posted, fetchMock };
}

const open = () => fireEvent.click(screen.getByRole('button', { name: 'Report this game' }));

describe('Report this game', () => {
  it('sends the chosen reason and note, thanks, and gives the focus back on Close', async () => {
    const { posted } = serve();
    render(<ReportGame gameId={GAME_ID} />);
    open();
    expect(screen.getByRole('dialog', { name: 'Report this game' })).toBe(document.activeElement);
    fireEvent.click(screen.getByRole('radio', { name: 'Offensive names' }));
    fireEvent.change(screen.getByLabelText('Anything to add? (optional)'), { target: { value: 'A rude name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));

    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Thank you. The people who run this site will take a look.',
    );
    expect(posted).toEqual([
      { path: '/prod/report-game', body: { gameId: GAME_ID, reason: 'offensive-names', note: 'A rude name' } },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Report this game' })).toBe(document.activeElement);
  });

  it('sends no note when none is written, and sends nothing without a reason', async () => {
    const { posted, fetchMock } = serve();
    render(<ReportGame gameId={GAME_ID} />);
    open();
    fireEvent.submit(screen.getByRole('button', { name: 'Send report' }));
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('radio', { name: 'Spam' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await screen.findByRole('status');
    expect(posted).toEqual([{ path: '/prod/report-game', body: { gameId: GAME_ID, reason: 'spam' } }]);
  });

  it('says so when the day’s reports are used up, keeping what was written', async () => {
    serve(429);
    render(<ReportGame gameId={GAME_ID} />);
    open();
    fireEvent.click(screen.getByRole('radio', { name: 'Something else' }));
    fireEvent.change(screen.getByLabelText('Anything to add? (optional)'), { target: { value: 'Odd game' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have sent too many reports today. Please try again tomorrow.',
    );
    expect(screen.getByLabelText('Anything to add? (optional)')).toHaveProperty('value', 'Odd game');
    expect(screen.getByRole('radio', { name: 'Something else' })).toHaveProperty('checked', true);
  });

  it('closes on Escape and Cancel without sending anything', () => {
    const { fetchMock } = serve();
    render(<ReportGame gameId={GAME_ID} />);
    open();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("speaks the reader's language", async () => {
    serve();
    await activateLanguage('es');
    render(<ReportGame gameId={GAME_ID} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reportar este juego' }));
    expect(screen.getByRole('radio', { name: 'Preguntas ofensivas' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar reporte' })).toBeTruthy();
  });

  // "Close" the button once shared its translation with "Close" the verdict ("Cerca", "Perto", "Nah dran").
  for (const [language, report, send, dismiss] of [
    ['es', 'Reportar este juego', 'Enviar reporte', 'Cerrar'],
    ['pt-BR', 'Denunciar este jogo', 'Enviar denúncia', 'Fechar'],
    ['de', 'Dieses Spiel melden', 'Meldung senden', 'Schließen'],
  ] as const)
    it(`dismisses the thanks with the word for closing a dialog in ${language}: "${dismiss}"`, async () => {
      serve();
      await activateLanguage(language);
      render(<ReportGame gameId={GAME_ID} />);
      fireEvent.click(screen.getByRole('button', { name: report }));
      fireEvent.click(screen.getAllByRole('radio')[0]);
      fireEvent.click(screen.getByRole('button', { name: send }));
      await screen.findByRole('status');
      fireEvent.click(screen.getByRole('button', { name: dismiss }));
      expect(screen.queryByRole('dialog')).toBeNull();
    });
});

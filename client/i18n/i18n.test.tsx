import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LanguagePicker } from '../components/LanguagePicker.js';
import { NameField } from '../components/NameField.js';
import { TakeMyTimeField } from '../features/pace/TakeMyTimeField.js';
import { local } from '../state/storage.js';
import { formatScore } from './format.js';
import { activateLanguage, chooseLanguage, i18n, LANGUAGE_KEY, preferredLanguage, startLanguage } from './i18n.js';
import { matchLanguage, pickLanguage } from './languages.js';
import './screens.js';
import { CAPTIONS } from './captions.js';
import { translateFailure } from './failure.js';

const browserLanguages = (languages: string[]) =>
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);

describe('which language', () => {
  it('matches a tag exactly, then by its primary language, else English', () => {
    expect(matchLanguage('de')).toBe('de');
    expect(matchLanguage('pt-br')).toBe('pt-BR');
    expect(matchLanguage('pt-PT')).toBe('pt-BR');
    expect(matchLanguage('es-419')).toBe('es');
    expect(matchLanguage('de_AT')).toBe('de');
    expect(matchLanguage('fr')).toBe('en');
    expect(matchLanguage('')).toBe('en');
  });

  it("takes the browser's first language spoken here, else English", () => {
    expect(pickLanguage(['fr-FR', 'de-CH', 'es'])).toBe('de');
    expect(pickLanguage(['fr', 'it'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });

  it("follows navigator.languages, and a remembered choice wins over the browser's", () => {
    browserLanguages(['fr-FR', 'pt-BR', 'en']);
    expect(preferredLanguage()).toBe('pt-BR');
    local.set(LANGUAGE_KEY, 'de');
    expect(preferredLanguage()).toBe('de');
    local.set(LANGUAGE_KEY, 'klingon');
    expect(preferredLanguage()).toBe('pt-BR');
  });

  it('starts in English in tests (jsdom speaks en-US)', () => {
    expect(i18n.locale).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it("starts in the browser's language, with <html lang> set", async () => {
    browserLanguages(['es-MX', 'en']);
    await startLanguage();
    expect(i18n.locale).toBe('es');
    expect(document.documentElement.lang).toBe('es');
  });
});

describe('switching', () => {
  it('changes the screen, <html lang> and the remembered choice at once', async () => {
    render(
      <>
        <LanguagePicker />
        <NameField value="" onChange={() => {}} />
        <TakeMyTimeField />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Your name' })).toBeTruthy();
    const picker = screen.getByRole('combobox', { name: 'Language' });
    // Each language is offered in its own words.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'English',
      'Español',
      'Português (Brasil)',
      'Deutsch',
    ]);
    await act(async () => {
      fireEvent.change(picker, { target: { value: 'de' } });
      await vi.waitFor(() => expect(i18n.locale).toBe('de'));
    });
    expect(screen.getByRole('textbox', { name: 'Dein Name' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Ohne Zeitdruck' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveProperty('value', 'de');
    expect(document.documentElement.lang).toBe('de');
    expect(local.get(LANGUAGE_KEY)).toBe('de');
  });

  it('lets a slow catalog not overrule a later choice', async () => {
    const slow = chooseLanguage('pt-BR');
    await chooseLanguage('en');
    await slow;
    expect(i18n.locale).toBe('en');
    expect(local.get(LANGUAGE_KEY)).toBe('en');
  });
});

describe('what the reader reads', () => {
  it("writes scores as the reader's language does", async () => {
    expect(formatScore(i18n, 6.1)).toBe('6.1');
    for (const language of ['de', 'es', 'pt-BR'] as const) {
      await activateLanguage(language);
      expect(formatScore(i18n, 6.1)).toBe('6,1');
    }
  });

  it("puts failures into the reader's language by their code, and shows an unknown code's message as sent", async () => {
    await activateLanguage('en');
    const full = { code: 'game_full', message: 'This game is full.' };
    expect(translateFailure(i18n, full)).toBe('This game is full.');
    await activateLanguage('es');
    expect(translateFailure(i18n, full)).toBe('Este juego está lleno.');
    // By code, not by the English: a reworded message still reads the same.
    expect(translateFailure(i18n, { code: 'game_full', message: 'The game has no room left.' })).toBe(
      'Este juego está lleno.',
    );
    expect(translateFailure(i18n, { code: 'rate_limited', message: 'Too many…', values: { seconds: 42 } })).toBe(
      'Demasiadas peticiones; inténtalo de nuevo en 42 s.',
    );
    expect(translateFailure(i18n, { code: 'rate_limited', message: 'Too many…' })).toBe(
      'Demasiadas peticiones; inténtalo de nuevo en un momento.',
    );
    expect(translateFailure(i18n, { code: 'own_word_empty', message: '', values: { n: 2 } })).toBe(
      'La palabra de respuesta 2 está vacía.',
    );
    expect(translateFailure(i18n, { code: 'some_new_code', message: 'The field "x" is odd.' })).toBe(
      'The field "x" is odd.',
    );
    expect(translateFailure(i18n, { code: '', message: 'A proxy said no.' })).toBe('A proxy said no.');
  });

  it('reads the captions the server reads too (shared/texts.ts) from the same catalogs', async () => {
    await activateLanguage('en');
    expect(i18n._(CAPTIONS[0])).toBe('Opposite Poles Attract!');
    await activateLanguage('es');
    expect(i18n._(CAPTIONS[0])).toBe('¡Los polos opuestos se atraen!');
    await activateLanguage('de');
    expect(i18n._(CAPTIONS[9])).not.toBe('A Match Made in Heaven!');
  });

  it('remembers Take my time in this browser', () => {
    render(<TakeMyTimeField />);
    const box = screen.getByRole('checkbox', { name: 'Take my time' });
    expect(box).toHaveProperty('checked', false);
    fireEvent.click(box);
    expect(local.get('wavelength.takeMyTime')).toBe('on');
    fireEvent.click(box);
    expect(local.get('wavelength.takeMyTime')).toBeNull();
  });
});

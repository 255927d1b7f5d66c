import { describe, expect, it } from 'vitest';
import { LANGUAGES, matchLanguage, pickLanguage } from './languages.js';

describe('matchLanguage', () => {
  it('names each language the product speaks by its own code, whatever the case', () => {
    for (const code of LANGUAGES) expect(matchLanguage(code)).toBe(code);
    expect(matchLanguage('PT-br')).toBe('pt-BR');
    expect(matchLanguage('pt_BR')).toBe('pt-BR');
  });

  it('matches regional variants to the language', () => {
    expect(matchLanguage('es-MX')).toBe('es');
    expect(matchLanguage('es-419')).toBe('es');
    expect(matchLanguage('pt')).toBe('pt-BR');
    expect(matchLanguage('pt-PT')).toBe('pt-BR');
    expect(matchLanguage('de-AT')).toBe('de');
    expect(matchLanguage('de-CH-1996')).toBe('de');
    expect(matchLanguage('en-GB')).toBe('en');
  });

  it('falls back to English for anything else', () => {
    for (const tag of ['fr', 'fr-CA', 'zh-Hans-CN', 'x', '', '*', 'esperanto', undefined, null]) {
      expect(matchLanguage(tag), String(tag)).toBe('en');
    }
  });
});

describe('pickLanguage', () => {
  it('takes the first accepted language it speaks, by weight', () => {
    expect(pickLanguage('fr-CH, fr;q=0.9, es;q=0.8, *;q=0.5')).toBe('es');
    expect(pickLanguage('en;q=0.5, de-DE;q=0.9')).toBe('de');
    expect(pickLanguage('pt-PT,pt;q=0.9,en;q=0.8')).toBe('pt-BR');
    // Equal weights keep their order.
    expect(pickLanguage('de, es')).toBe('de');
  });

  it('ignores what is refused (q=0) and falls back to English', () => {
    expect(pickLanguage('es;q=0, fr')).toBe('en');
    expect(pickLanguage('')).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
    expect(pickLanguage('ja, zh;q=0.8')).toBe('en');
  });

  it('reads a list such as navigator.languages in order', () => {
    expect(pickLanguage(['fr-FR', 'pt-BR', 'en-US'])).toBe('pt-BR');
    expect(pickLanguage(['it'])).toBe('en');
  });
});

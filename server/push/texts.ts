import type { Language } from '../../shared/languages.js';
import { PRODUCT_NAME } from '../../shared/product.js';
import { scoreText } from '../../shared/score-text.js';

/** What a creator's phone shows: in the game's language. */
export interface PushTexts {
  /** One friend finished; `name` is undefined when they gave none. */
  one(name: string | undefined, score: string): string;
  /** Several friends finished within a minute. */
  several(count: number): string;
}

const TEXTS: Record<Language, PushTexts> = {
  en: {
    one: (name = 'A friend', score) => `${name} played your game — ${score}`,
    several: (count) => `${count} friends played your game`,
  },
  es: {
    one: (name = 'Alguien', score) => `${name} jugó tu partida — ${score}`,
    several: (count) => `${count} amigos jugaron tu partida`,
  },
  'pt-BR': {
    one: (name = 'Alguém', score) => `${name} jogou o seu jogo — ${score}`,
    several: (count) => `${count} amigos jogaram o seu jogo`,
  },
  de: {
    one: (name = 'Jemand', score) => `${name} hat dein Spiel gespielt – ${score}`,
    several: (count) => `${count} Freunde haben dein Spiel gespielt`,
  },
};

/** The notification of a push about `count` friends (the latest being `name` with `score`). */
export function pushMessage(
  language: Language,
  push: { count: number; name: string; score: number },
): { title: string; body: string } {
  const texts = TEXTS[language];
  const trimmed = push.name.trim();
  const body =
    push.count === 1
      ? texts.one(trimmed === '' ? undefined : trimmed, scoreText(push.score, language))
      : texts.several(push.count);
  return { title: PRODUCT_NAME, body };
}

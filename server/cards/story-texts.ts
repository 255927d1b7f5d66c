import type { Language } from '../../shared/languages.js';

/**
 * The words of the story cards (story-card.ts) in each language the product speaks. The score's
 * caption is the catalogues' (shared/texts.ts SCORE_CAPTIONS through server/texts), as the
 * client's result screen says it.
 */
export interface StoryTexts {
  /** Above a friend's score: what the number is. */
  resultKicker: string;
  /** The viewer's invitation beside the QR code; `creator` undefined when they gave no name. */
  headline(creator: string | undefined): string;
  /** Under the headline, next to the code. */
  scan: string;
  /** The creator's card's title. */
  topTitle(creator: string | undefined): string;
  /** The creator's card before anyone played. */
  nobodyYet: string;
  /** A name that cannot be drawn or was never given: a friend, or the creator. */
  someoneFriend: string;
  someoneCreator: string;
}

const en: StoryTexts = {
  resultKicker: 'Compatibility score',
  headline: (creator) => (creator ? `How in tune are you with ${creator}?` : 'Are you on the same wavelength?'),
  scan: 'Scan the code or open the link to play',
  topTitle: (creator) => (creator ? `${creator}'s top three` : 'The top three'),
  nobodyYet: 'No one has played yet',
  someoneFriend: 'A friend',
  someoneCreator: 'Your friend',
};

const es: StoryTexts = {
  resultKicker: 'Puntuación de compatibilidad',
  headline: (creator) => (creator ? `¿Estás en la misma onda que ${creator}?` : '¿Están en la misma onda?'),
  scan: 'Escanea el código o abre el enlace para jugar',
  topTitle: (creator) => (creator ? `El top 3 de ${creator}` : 'El top 3'),
  nobodyYet: 'Nadie ha jugado todavía',
  someoneFriend: 'Alguien',
  someoneCreator: 'Alguien',
};

const ptBR: StoryTexts = {
  resultKicker: 'Nota de compatibilidade',
  headline: (creator) => (creator ? `Você está em sintonia com ${creator}?` : 'Vocês estão em sintonia?'),
  scan: 'Escaneie o código ou abra o link para jogar',
  topTitle: (creator) => (creator ? `O top 3 de ${creator}` : 'O top 3'),
  nobodyYet: 'Ninguém jogou ainda',
  someoneFriend: 'Alguém',
  someoneCreator: 'Alguém',
};

const de: StoryTexts = {
  resultKicker: 'Kompatibilitätswert',
  headline: (creator) =>
    creator ? `Bist du mit ${creator} auf einer Wellenlänge?` : 'Seid ihr auf einer Wellenlänge?',
  scan: 'Scanne den Code oder öffne den Link und spiel mit',
  topTitle: (creator) => (creator ? `Die Top 3 von ${creator}` : 'Die Top 3'),
  nobodyYet: 'Noch hat niemand gespielt',
  someoneFriend: 'Jemand',
  someoneCreator: 'Jemand',
};

export const STORY_TEXTS: Record<Language, StoryTexts> = { en, es, 'pt-BR': ptBR, de };

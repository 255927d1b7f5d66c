import type { Language } from '../../shared/languages.js';
import { type Edition, PRODUCT_NAME } from '../../shared/product.js';

/**
 * Every text the server itself writes into pages and link-preview cards, in each language the
 * product speaks (the client's screens have their own catalogues). English is exactly what it
 * was before there were languages. A fifth language is one more entry here.
 */
export interface ServerTexts {
  /** The generic pages' link preview. */
  genericTitle: string;
  genericDescription: string;
  /** A game's link preview; `name` is undefined when the creator gave none. */
  gameTitle(name: string | undefined): string;
  gameDescription(name: string | undefined, edition: Edition): string;
  /** The card's badge, and what the preview image's alt text ends with. */
  edition: Record<Edition, string>;
  imageAlt(title: string, edition: Edition): string;
  card: {
    /** What follows the creator's name on a game's card. */
    asks: string;
    /** The generic card's two lines (the second one in the gradient). */
    generic: readonly [string, string];
    gameFooter: string;
    genericFooter: string;
    /**
     * The name drawn when nothing of the creator's can be (empty, or only characters the font
     * lacks): the card then asks on behalf of "Your friend", as the page's title does.
     */
    someone(empty: boolean): string;
  };
}

const EN_EDITIONS: Record<Edition, string> = { spectrum: 'Spectrum', classic: 'Classic' };

const en: ServerTexts = {
  genericTitle: `${PRODUCT_NAME}: how in tune are your friends with you?`,
  genericDescription: 'Answer a few quick questions, share the link, and see how in tune your friends are with you.',
  // Without a name the creator is "your friend", as on every screen (never "Anonymous").
  gameTitle: (name = 'Your friend') => `${name} wants to know how in tune you are`,
  gameDescription: (name = 'your friend', edition) =>
    `Answer the same questions as ${name} in ${PRODUCT_NAME} ${EN_EDITIONS[edition]} and get your compatibility score from 0 to 10.`,
  edition: { spectrum: 'Spectrum edition', classic: 'Classic edition' },
  imageAlt: (title, edition) => `${title}: ${PRODUCT_NAME} ${en.edition[edition]}`,
  card: {
    asks: 'wants to know how in tune you are',
    generic: ['How in tune are your', 'friends with you?'],
    gameFooter: 'Answer the same questions and get your score out of 10.',
    genericFooter: 'Answer a few quick questions and share the link.',
    someone: () => 'Your friend',
  },
};

const ES_IN_EDITION: Record<Edition, string> = { spectrum: 'la edición Espectro', classic: 'la edición Clásica' };
const es: ServerTexts = {
  genericTitle: `${PRODUCT_NAME}: ¿tus amigos están en tu misma onda?`,
  genericDescription:
    'Responde unas preguntas rápidas, comparte el enlace y descubre si tus amigos están en tu misma onda.',
  gameTitle: (name = 'Alguien') => `${name} quiere saber si estás en su misma onda`,
  gameDescription: (name, edition) =>
    `Responde las mismas preguntas${name === undefined ? '' : ` que ${name}`} en ${ES_IN_EDITION[edition]} de ` +
    `${PRODUCT_NAME} y descubre tu puntuación de compatibilidad del 0 al 10.`,
  edition: { spectrum: 'Edición Espectro', classic: 'Edición Clásica' },
  imageAlt: (title, edition) => `${title}: ${PRODUCT_NAME}, ${es.edition[edition]}`,
  card: {
    asks: 'quiere saber si estás en su misma onda',
    generic: ['¿Tus amigos están', 'en tu misma onda?'],
    gameFooter: 'Responde las mismas preguntas y descubre tu puntuación sobre 10.',
    genericFooter: 'Responde unas preguntas rápidas y comparte el enlace.',
    someone: () => 'Alguien',
  },
};

const PT_IN_EDITION: Record<Edition, string> = { spectrum: 'na edição Espectro', classic: 'na edição Clássica' };
const ptBR: ServerTexts = {
  genericTitle: `${PRODUCT_NAME}: seus amigos estão em sintonia com você?`,
  genericDescription:
    'Responda algumas perguntas rápidas, compartilhe o link e descubra se seus amigos estão em sintonia com você.',
  gameTitle: (name = 'Alguém') => `${name} quer saber o quanto vocês estão em sintonia`,
  gameDescription: (name, edition) =>
    `Responda às mesmas perguntas${name === undefined ? '' : ` que ${name}`} ${PT_IN_EDITION[edition]} do ` +
    `${PRODUCT_NAME} e descubra a nota de compatibilidade de vocês, de 0 a 10.`,
  edition: { spectrum: 'Edição Espectro', classic: 'Edição Clássica' },
  imageAlt: (title, edition) => `${title}: ${PRODUCT_NAME}, ${ptBR.edition[edition]}`,
  card: {
    asks: 'quer saber o quanto vocês estão em sintonia',
    generic: ['Seus amigos estão', 'em sintonia com você?'],
    gameFooter: 'Responda às mesmas perguntas e veja sua nota de 0 a 10.',
    genericFooter: 'Responda algumas perguntas rápidas e compartilhe o link.',
    someone: () => 'Alguém',
  },
};

const de: ServerTexts = {
  genericTitle: `${PRODUCT_NAME}: Wie gut sind deine Freunde mit dir auf einer Wellenlänge?`,
  genericDescription:
    'Beantworte ein paar schnelle Fragen, teile den Link und finde heraus, wie gut deine Freunde mit dir auf einer Wellenlänge sind.',
  gameTitle: (name = 'Jemand') => `${name} will wissen, wie gut ihr auf einer Wellenlänge seid`,
  gameDescription: (name, edition) =>
    `Beantworte dieselben Fragen${name === undefined ? '' : ` wie ${name}`} in der ${de.edition[edition]} von ` +
    `${PRODUCT_NAME} und finde heraus, wie gut ihr zusammenpasst – von 0 bis 10.`,
  edition: { spectrum: 'Spektrum-Edition', classic: 'Klassik-Edition' },
  imageAlt: (title, edition) => `${title}: ${PRODUCT_NAME}, ${de.edition[edition]}`,
  card: {
    asks: 'will wissen, wie gut ihr auf einer Wellenlänge seid',
    generic: ['Sind deine Freunde', 'auf deiner Wellenlänge?'],
    gameFooter: 'Beantworte dieselben Fragen und hol bis zu 10 Punkte.',
    genericFooter: 'Beantworte ein paar schnelle Fragen und teile den Link.',
    someone: () => 'Jemand',
  },
};

export const SERVER_TEXTS: Record<Language, ServerTexts> = { en, es, 'pt-BR': ptBR, de };

/** The texts of a language; a game without one (made before languages) is English. */
export function serverTexts(language: Language | undefined): ServerTexts {
  return SERVER_TEXTS[language ?? 'en'];
}

/** A creator's name for a sentence: trimmed, or undefined when there is none (each language says "someone" its way). */
export function nameInText(name: string): string | undefined {
  const trimmed = name.trim();
  return trimmed === '' ? undefined : trimmed;
}

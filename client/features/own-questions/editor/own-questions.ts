import type { Question } from '../../../../shared/model.js';
import {
  OWN_SCALE_CODES,
  OWN_WORDS_MAX,
  OWN_WORDS_MIN,
  type OwnQuestionContent,
  ownQuestionId,
} from '../../../../shared/own-questions.js';
import { EDITIONS, type Edition, MAX_QUESTIONS_PER_GAME } from '../../../../shared/product.js';
import { local, readJson } from '../../../state/storage.js';
import { DRAFTS_KEY } from '../kept-drafts.js';

type ScaleCode = (typeof OWN_SCALE_CODES)[number];

/** A question being written on the landing screen, as typed (checked only when Play is pressed). */
interface ClassicDraft {
  question: string;
  /** OWN_WORDS_MIN to OWN_WORDS_MAX answer words. */
  options: string[];
}
interface SpectrumDraft {
  question: string;
  scale: ScaleCode;
}
export type OwnQuestionDraft = ClassicDraft | SpectrumDraft;

/** Statements mostly agree or disagree: the scale a new Spectrum draft starts on. */
const DEFAULT_SCALE: ScaleCode = 'B';

export function blankDraft(edition: Edition): OwnQuestionDraft {
  return edition === 'classic'
    ? { question: '', options: Array(OWN_WORDS_MIN).fill('') }
    : { question: '', scale: DEFAULT_SCALE };
}

function isDraft(edition: Edition, value: unknown): value is OwnQuestionDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Record<string, unknown>;
  if (typeof draft.question !== 'string') return false;
  if (edition === 'spectrum') return (OWN_SCALE_CODES as readonly unknown[]).includes(draft.scale);
  const { options } = draft;
  return (
    Array.isArray(options) &&
    options.length >= OWN_WORDS_MIN &&
    options.length <= OWN_WORDS_MAX &&
    options.every((word) => typeof word === 'string')
  );
}

type StoredDrafts = Partial<Record<Edition, OwnQuestionDraft[]>>;

function readDrafts(): StoredDrafts {
  const stored = readJson(local, DRAFTS_KEY);
  if (typeof stored !== 'object' || stored === null) return {};
  const drafts: StoredDrafts = {};
  for (const edition of EDITIONS) {
    const list = (stored as Record<string, unknown>)[edition];
    // Storage can hold anything: keep only drafts this version can show.
    if (Array.isArray(list)) drafts[edition] = list.filter((d) => isDraft(edition, d)).slice(0, MAX_QUESTIONS_PER_GAME);
  }
  return drafts;
}

/**
 * The creator's drafts of one edition. Kept in localStorage (each edition its own list) until a
 * game of that edition is created, so a refresh or a closed tab loses nothing.
 */
export function loadDrafts(edition: Edition): OwnQuestionDraft[] {
  return readDrafts()[edition] ?? [];
}

export function saveDrafts(edition: Edition, drafts: readonly OwnQuestionDraft[]): void {
  local.set(DRAFTS_KEY, JSON.stringify({ ...readDrafts(), [edition]: drafts }));
}

/** Once the game is created its own questions live with it on the server. */
export function clearDrafts(edition: Edition): void {
  const { [edition]: _done, ...rest } = readDrafts();
  if (Object.keys(rest).length === 0) local.remove(DRAFTS_KEY);
  else local.set(DRAFTS_KEY, JSON.stringify(rest));
}

/** What the check of shared/own-questions.ts reads from a draft. */
export function draftInput(draft: OwnQuestionDraft) {
  return 'options' in draft
    ? { question: draft.question, options: draft.options }
    : { question: draft.question, scale: draft.scale };
}

/** A checked draft as a round of the game: numbered in the order written, as the server numbers it. */
export function ownQuestion(content: OwnQuestionContent, index: number): Question {
  return { ...content, id: ownQuestionId(index + 1) } as Question;
}

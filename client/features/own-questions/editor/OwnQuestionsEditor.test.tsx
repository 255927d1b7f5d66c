import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '../../../../shared/model.js';
import { OWN_QUESTION_PROBLEMS } from '../../../../shared/own-questions.js';
import { NEW_GAME_ID } from '../../../../shared/product.js';
import Game from '../../../screens/Game.js';
import Landing from '../../../screens/Landing.js';
import { loadGame, startGame } from '../../../state/game.js';
import { advance, choose, mockFetch, renderAt } from '../../../test/helpers.js';
import { loadDrafts } from './own-questions.js';
import { OWN_QUESTIONS_TEXT } from './ownQuestionsText.js';

const classicBank = ['c1', 'c2', 'c3'].map((id) => ({
  questionID: id,
  question: `Drawn ${id}`,
  options: ['Dog', 'Cat', 'Fish', 'Bird'],
}));
const spectrumBank = ['s1', 's2'].map((id) => ({ questionID: id, question: `Drawn ${id}`, options: 'A' }));

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function openLanding(path = '/classic') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/spectrum" element={<Landing edition="spectrum" />} />
        <Route path="/classic" element={<Landing edition="classic" />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

async function landing(path = '/classic') {
  mockFetch((url) => ({
    body: { questions: url.searchParams.get('gametype') === 'spectrum' ? spectrumBank : classicBank },
  }));
  const view = openLanding(path);
  await advance(0);
  return view;
}

/** The editor's code comes on demand (OwnQuestions.tsx): once it is here, the screen shows it. */
async function editorArrives() {
  await act(async () => {
    await import('./OwnQuestionsEditor.js');
  });
  await advance(0);
}
const add = async (name = 'Add your own question') => {
  fireEvent.click(screen.getByRole('button', { name }));
  await editorArrives();
};
const type = (label: string, value: string, index = 0) =>
  fireEvent.change(screen.getAllByLabelText(label)[index], { target: { value } });
const play = () => fireEvent.click(screen.getByRole('button', { name: 'Play' }));
/** The text of the elements a field's aria-describedby names. */
const description = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

beforeEach(() => {
  vi.useFakeTimers();
});

describe('the own-questions editor on the landing screen', () => {
  it('writes a Classic question with labelled fields; Play puts it first, in place of a drawn one', async () => {
    await landing();
    expect(screen.getByRole('heading', { name: 'Your own questions' })).toBeTruthy();
    await add();
    // Focus goes to the new question's text, labelled "Question" inside "Your question 1".
    expect(document.activeElement).toBe(screen.getByLabelText('Question'));
    expect(screen.getByRole('group', { name: 'Your question 1' })).toBeTruthy();
    type('Question', '  Where did we <b>meet</b>? ');
    type('Answer word 1', 'School');
    type('Answer word 2', 'Work');
    fireEvent.click(screen.getByRole('button', { name: 'Add an answer word to question 1' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Answer word 3'));
    type('Answer word 3', 'Online');
    play();
    expect(screen.getByTestId('where').textContent).toBe(`/classic/game/${NEW_GAME_ID}`);
    expect(loadGame('classic', NEW_GAME_ID)?.questions).toEqual([
      { edition: 'classic', id: 'own-1', text: 'Where did we <b>meet</b>?', words: ['School', 'Work', 'Online'] },
      { edition: 'classic', id: 'c2', text: 'Drawn c2', words: ['Dog', 'Cat', 'Fish', 'Bird'] },
      { edition: 'classic', id: 'c3', text: 'Drawn c3', words: ['Dog', 'Cat', 'Fish', 'Bird'] },
    ]);
  });

  it('writes a Spectrum statement on one of the three scales, shown with their end labels', async () => {
    await landing('/spectrum');
    // A statement from the first button on (issue 43), as in the spec's Spectrum.
    expect(screen.getByRole('heading', { name: 'Your own statements' })).toBeTruthy();
    await add('Add your own statement');
    type('Statement', 'I sing in the shower.');
    // A statement all through, never "question" (issue 32).
    expect(screen.getByRole('group', { name: 'Your statement 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove statement 1' }).textContent).toBe('Remove statement');
    const scales = screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent);
    expect(scales).toEqual(['Rarely – Often', 'Disagree – Agree', 'False – True']);
    fireEvent.click(screen.getByRole('radio', { name: 'False – True' }));
    play();
    expect(loadGame('spectrum', NEW_GAME_ID)?.questions.slice(0, 1)).toEqual([
      { edition: 'spectrum', id: 'own-1', text: 'I sing in the shower.', scale: 'false-true' },
    ]);
  });

  it('keeps Play on the landing screen while a question is not ready, with each problem tied to its field', async () => {
    await landing();
    await add();
    type('Question', 'Hi');
    type('Answer word 1', 'Dog');
    type('Answer word 2', ' dog ');
    // Nothing is said while typing.
    expect(screen.getByLabelText('Question').getAttribute('aria-invalid')).toBe('false');
    play();
    expect(screen.queryByTestId('where')).toBeNull();
    const question = screen.getByLabelText('Question');
    expect(question.getAttribute('aria-invalid')).toBe('true');
    expect(description(question)).toBe(OWN_QUESTION_PROBLEMS.questionTooShort.message);
    expect(document.activeElement).toBe(question);
    for (const word of ['Answer word 1', 'Answer word 2']) {
      expect(description(screen.getByLabelText(word))).toBe(OWN_QUESTION_PROBLEMS.wordsSame.message);
    }
    expect(screen.getByText(OWN_QUESTIONS_TEXT.fixBeforePlay)).toBeTruthy();

    // Fixed, the notes go away as it is typed, and Play starts.
    type('Question', 'Cat or dog?');
    type('Answer word 2', 'Cat');
    expect(screen.getByLabelText('Question').getAttribute('aria-describedby')).toBeNull();
    play();
    expect(screen.getByTestId('where').textContent).toBe(`/classic/game/${NEW_GAME_ID}`);
  });

  it('adds and removes questions and words with buttons that say which, up to one per round', async () => {
    // The game has three rounds (three drawn): all three may be the creator's own.
    await landing();
    for (let i = 0; i < 3; i++) await add();
    expect(screen.queryByRole('button', { name: 'Add your own question' })).toBeNull();
    expect(screen.getByText(OWN_QUESTIONS_TEXT.full('classic'))).toBeTruthy();
    expect(screen.getByText('3 of 3 rounds are yours · 0 left')).toBeTruthy();
    type('Question', 'The third one', 2);
    fireEvent.click(screen.getByRole('button', { name: 'Remove question 2' }));
    expect(screen.getAllByLabelText('Question').map((input) => (input as HTMLInputElement).value)).toEqual([
      '',
      'The third one',
    ]);
    // Under the rounds again: the add button is back, and focus is on it.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add your own question' }));
    expect(screen.getByText('2 of 3 rounds are yours · 1 left')).toBeTruthy();

    // Two words at least: no Remove until a third is added.
    expect(screen.queryByRole('button', { name: 'Remove answer word 1 of question 1' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add an answer word to question 1' }));
    type('Answer word 3', 'Third');
    fireEvent.click(screen.getByRole('button', { name: 'Remove answer word 1 of question 1' }));
    expect(screen.getAllByLabelText(/^Answer word/)[1]).toHaveProperty('value', 'Third');
    fireEvent.click(screen.getByRole('button', { name: 'Add an answer word to question 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add an answer word to question 1' }));
    expect(screen.queryByRole('button', { name: 'Add an answer word to question 1' })).toBeNull();
  });

  it('takes every round of a ten-round game, reorders by taps, and plays them all as the game', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({
      questionID: `c${i + 1}`,
      question: `Drawn ${i + 1}`,
      options: ['Dog', 'Cat', 'Fish', 'Bird'],
    }));
    mockFetch(() => ({ body: { questions: ten } }));
    openLanding('/classic');
    await advance(0);
    for (let i = 0; i < 10; i++) {
      await add();
      type('Question', `Mine number ${i + 1}?`, i);
      type('Answer word 1', 'Yes', i);
      type('Answer word 2', 'No', i);
    }
    expect(screen.getByText('10 of 10 rounds are yours · 0 left')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add your own question' })).toBeNull();
    // The first cannot go up, the last cannot go down.
    expect(screen.getByRole('button', { name: 'Move question 1 up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move question 10 down' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    // Focus follows the question moved (now first: its Move down, as it cannot go up).
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move question 1 down' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move question 9 down' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move question 10 up' }));
    const order = () => screen.getAllByLabelText('Question').map((input) => (input as HTMLInputElement).value);
    expect(order()).toEqual([
      'Mine number 2?',
      'Mine number 1?',
      ...[3, 4, 5, 6, 7, 8].map((n) => `Mine number ${n}?`),
      'Mine number 10?',
      'Mine number 9?',
    ]);
    const written = order();
    expect(loadDrafts('classic').map((draft) => draft.question)).toEqual(written);
    play();
    expect(screen.getByTestId('where').textContent).toBe(`/classic/game/${NEW_GAME_ID}`);
    const game = loadGame('classic', NEW_GAME_ID);
    expect(game?.questions.map((q) => q.id)).toEqual(Array.from({ length: 10 }, (_, i) => `own-${i + 1}`));
    expect(game?.questions.map((q) => q.text)).toEqual(written);
  });

  it('survives a refresh, keeps each edition’s own, and lets Enter in a field not start the game', async () => {
    const first = await landing();
    await add();
    type('Question', 'Kept over a refresh');
    // false: the default (submitting the form, which starts the game) was prevented.
    expect(fireEvent.keyDown(screen.getByLabelText('Question'), { key: 'Enter' })).toBe(false);
    first.unmount();

    openLanding('/classic');
    await advance(0);
    await editorArrives();
    expect(screen.getByLabelText('Question')).toHaveProperty('value', 'Kept over a refresh');
    fireEvent.click(screen.getByRole('button', { name: 'Spectrum' }));
    await advance(0);
    expect(screen.queryByLabelText('Statement')).toBeNull();
    expect(loadDrafts('classic')).toEqual([{ question: 'Kept over a refresh', options: ['', ''] }]);
  });

  it('plays kept drafts after a refresh: the editor comes by itself and Play puts them first', async () => {
    window.localStorage.setItem(
      'wavelength.ownQuestions',
      JSON.stringify({ classic: [{ question: 'Kept and ready?', options: ['Yes', 'No'] }] }),
    );
    await landing();
    await editorArrives();
    expect(screen.getByLabelText('Question')).toHaveProperty('value', 'Kept and ready?');
    play();
    expect(screen.getByTestId('where').textContent).toBe(`/classic/game/${NEW_GAME_ID}`);
    expect(loadGame('classic', NEW_GAME_ID)?.questions[0]).toMatchObject({ id: 'own-1', text: 'Kept and ready?' });
  });

  it('is not offered a swap on an own question; create-game sends it whole and the drafts go', async () => {
    const own: Question = { edition: 'classic', id: 'own-1', text: 'Ours?', words: ['Yes', 'No'] };
    const drawn: Question = { edition: 'classic', id: 'c2', text: 'Drawn', words: ['a', 'b', 'c', 'd'] };
    window.localStorage.setItem(
      'wavelength.ownQuestions',
      JSON.stringify({ classic: [{ question: 'Ours?', options: ['Yes', 'No'] }] }),
    );
    startGame('classic', NEW_GAME_ID, [own, drawn]);
    const fetchMock = mockFetch(() => ({ body: { gameId: 'newGame12345' } }));
    renderAt(`/classic/game/${NEW_GAME_ID}`, '/classic/game/:gameId', <Game edition="classic" />);
    expect(screen.getByText('Ours?')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Swap question/ })).toBeNull();
    await choose('Yes');
    await advance(200);
    expect(screen.getByRole('button', { name: /Swap question/ })).toBeTruthy();
    await choose('c');
    await advance(200);
    const body = JSON.parse(String(fetchMock.mock.calls[0][1]?.body));
    expect(body.questionSet).toEqual([{ question: 'Ours?', options: ['Yes', 'No'] }, 'c2']);
    expect(body.answerSet).toEqual([1, 3]);
    expect(loadDrafts('classic')).toEqual([]);
  });
});

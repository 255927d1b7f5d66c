import type { ReplyOf } from '../../shared/api.js';

/** A Classic comparison: round 1 matched, round 2 apart, round 3 left unanswered by the friend. */
export const classicComparison: ReplyOf<'get-comparison'> = {
  gameType: 'Classic',
  mode: 'alike',
  creatorName: 'Sam',
  playerName: 'Kim',
  score: 3.3,
  rank: 2,
  players: 5,
  rounds: [
    {
      questionID: 'c1',
      question: 'Pick a pet',
      options: ['Dog', 'Cat', 'Fish', 'Bird'],
      creatorAnswer: 2,
      playerAnswer: 2,
      points: 10,
    },
    {
      questionID: 'c2',
      question: 'Holiday?',
      options: ['Beach', 'Mountains', 'City', 'Home'],
      creatorAnswer: 2,
      playerAnswer: 1,
      points: 0,
    },
    {
      questionID: 'c3',
      question: 'Breakfast?',
      options: ['Eggs', 'Toast', 'Fruit', 'None'],
      creatorAnswer: 4,
      playerAnswer: 0,
      points: 0,
    },
  ],
};

/** A Spectrum comparison: identical, close (8.1) and far apart. */
export const spectrumComparison: ReplyOf<'get-comparison'> = {
  gameType: 'Spectrum',
  mode: 'alike',
  creatorName: 'Sam',
  playerName: 'Kim',
  score: 6,
  rank: 1,
  players: 1,
  rounds: [
    {
      questionID: 's1',
      question: 'I sing in the shower',
      options: 'A',
      creatorAnswer: 50,
      playerAnswer: 50,
      points: 10,
    },
    {
      questionID: 's2',
      question: 'Pineapple belongs on pizza',
      options: 'B',
      creatorAnswer: 30,
      playerAnswer: 40,
      points: 8.1,
    },
    { questionID: 's3', question: 'I have seen a ghost', options: 'C', creatorAnswer: 0, playerAnswer: 100, points: 0 },
  ],
};

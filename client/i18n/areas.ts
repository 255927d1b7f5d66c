/**
 * The catalogs come in two areas, so the landing page's entry chunk carries only the English it
 * shows. "screens" is the code only the lazily loaded screens use (paths from the repository
 * root, as lingui.config.ts takes them); everything else in client/ is the landing area.
 * A screen-area file's English arrives with the screens (each imports client/i18n/screens.ts);
 * another language loads both areas at once. A test keeps the landing area from importing a
 * screen-area file, and every lazy screen importing screens.ts.
 */
export const SCREEN_AREA: readonly string[] = [
  'client/screens/Game.tsx',
  'client/screens/EndScreen.tsx',
  'client/screens/Scoreboard.tsx',
  'client/screens/Join.tsx',
  'client/screens/Result.tsx',
  'client/screens/FriendComparison.tsx',
  'client/screens/ClaimGame.tsx',
  'client/screens/NotFound.tsx',
  'client/features/rounds/ClassicRound.tsx',
  'client/features/rounds/SpectrumRound.tsx',
  'client/features/rounds/RoundLayout.tsx',
  'client/features/rounds/SwapButton.tsx',
  'client/features/result/ScoreCaption.tsx',
  'client/features/share/ShareResult.tsx',
  'client/features/share/ShareLink.tsx',
  'client/features/creator/CreatorPlayersTable.tsx',
  'client/features/creator/CreatorTools.tsx',
  'client/features/creator/ConfirmAction.tsx',
  'client/features/scoreboard/PlayersTable.tsx',
  'client/features/result/RoundsComparison.tsx',
  'client/features/result/Gauge.tsx',
  'client/features/result/SpectrumTrack.tsx',
  'client/features/scoreboard/LiveBadge.tsx',
  'client/features/circle/FriendsCircle.tsx',
  'client/features/circle/FriendsWeb.tsx',
  'client/features/circle/CircleFailure.tsx',
  'client/features/game-gone/GameGone.tsx',
  'client/features/scoreboard/ScoreAnnouncer.tsx',
  'client/features/own-questions/editor/OwnQuestionsEditor.tsx',
  'client/features/own-questions/editor/OwnQuestionFields.tsx',
  'client/features/own-questions/editor/ownQuestionsText.ts',
  'client/features/own-questions/editor/useOwnQuestions.ts',
  'client/features/circle/useCircle.ts',
  'client/i18n/captions.ts',
  'client/i18n/names.ts',
  'client/i18n/screens.ts',
];

/**
 * The sentences that travel in English (client/i18n/sentences.ts): a catalog of their own, loaded
 * only for another language than English (English shows them as they came).
 */
export const SENTENCE_AREA: readonly string[] = ['client/i18n/sentences.ts'];

/**
 * The catalogs come in two areas, so the landing page's entry chunk carries only the English it
 * shows. "screens" is the code only the lazily loaded screens use (paths from the repository
 * root, as lingui.config.ts takes them); everything else in client/ is the landing area.
 * A screen-area file's English arrives with the screens (each imports client/i18n/screens.ts);
 * another language loads both areas at once. A test keeps the landing area from importing a
 * screen-area file, and every lazy screen importing screens.ts.
 */
export const SCREEN_AREA: readonly string[] = [
  'client/routes/Game.tsx',
  'client/routes/EndScreen.tsx',
  'client/routes/Scoreboard.tsx',
  'client/routes/Join.tsx',
  'client/routes/Result.tsx',
  'client/routes/FriendComparison.tsx',
  'client/routes/ClaimGame.tsx',
  'client/routes/NotFound.tsx',
  'client/components/ClassicRound.tsx',
  'client/components/SpectrumRound.tsx',
  'client/components/RoundLayout.tsx',
  'client/components/SwapButton.tsx',
  'client/components/ScoreCaption.tsx',
  'client/components/ShareLink.tsx',
  'client/components/CreatorPlayersTable.tsx',
  'client/components/CreatorTools.tsx',
  'client/components/ConfirmAction.tsx',
  'client/components/PlayersTable.tsx',
  'client/components/RoundsComparison.tsx',
  'client/components/Gauge.tsx',
  'client/components/SpectrumTrack.tsx',
  'client/components/LiveBadge.tsx',
  'client/components/FriendsCircle.tsx',
  'client/components/FriendsWeb.tsx',
  'client/components/CircleFailure.tsx',
  'client/components/GameGone.tsx',
  'client/components/ScoreAnnouncer.tsx',
  'client/components/OwnQuestionsEditor.tsx',
  'client/components/OwnQuestionFields.tsx',
  'client/components/ownQuestionsText.ts',
  'client/game/useOwnQuestions.ts',
  'client/api/useCircle.ts',
  'client/i18n/captions.ts',
  'client/i18n/names.ts',
  'client/i18n/screens.ts',
  'client/features/push/NotifyWhenFriendsPlay.tsx',
  'client/features/share/CreatorSummary.tsx',
  'client/features/share/grid.ts',
  'client/features/share/JoinQr.tsx',
  'client/features/share/MakeYourOwn.tsx',
  'client/features/share/Replies.tsx',
  'client/features/share/ShareButtons.tsx',
  'client/features/share/ShareMyResult.tsx',
];

/**
 * The sentences that travel in English (client/i18n/sentences.ts): a catalog of their own, loaded
 * only for another language than English (English shows them as they came).
 */
export const SENTENCE_AREA: readonly string[] = ['client/i18n/sentences.ts'];

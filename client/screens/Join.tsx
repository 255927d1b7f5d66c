import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { DEFAULT_MODE, PRODUCT_NAME } from '../../shared/product.js';
import { isCreator, joinGame } from '../api/calls.js';
import { failureText } from '../api/http.js';
import { useApi } from '../api/useApi.js';
import { isGameGoneError as isUnknownGame } from '../api/useGameCheck.js';
import { ErrorNotice } from '../components/ErrorNotice.js';
import { LogoMark } from '../components/Logo.js';
import { NameField } from '../components/NameField.js';
import { Spinner } from '../components/Spinner.js';
import { GameGone } from '../features/game-gone/GameGone.js';
import { INVITATIONS } from '../features/modes/Invitation.js';
import { takeMyTime } from '../features/pace/pace.js';
import { TakeMyTimeField } from '../features/pace/TakeMyTimeField.js';
import { ReportGame } from '../features/report/ReportGame.js';
import { startOrResume } from '../features/rounds/resume.js';
import { ROUND_SECONDS } from '../features/rounds/useRoundTimer.js';
import { whenIdle } from '../features/startup/idle.js';
import { type Failure, failure } from '../i18n/failure.js';
import { formatCount } from '../i18n/format.js';
import { creatorInSentence } from '../i18n/names.js';
import { PACK_NAMES } from '../i18n/packs.js';
import { useLanguage } from '../i18n/useLanguage.js';
import { endScreenPath, gamePath, resultPath } from '../paths.js';
import { resumableGame, saveCreatorName } from '../state/game.js';
import { saveUserName, userId, userName } from '../state/user.js';
import '../i18n/screens.js';

export const LOAD_FAILED = failure(
  'game_load_failed',
  "We couldn't load this game. Check your connection and try again.",
);
export const JOIN_FAILED = failure(
  'game_start_failed',
  "We couldn't start the game. Check your connection and try again.",
);

/** The round screen's code (the same chunk the router loads); a failed fetch is tried again next time. */
const loadRounds = () => import('./Game.js');

const logJoinFailure = (error: unknown) =>
  console.error(
    `Failed to join game: ${error instanceof Error && error.message !== '' ? error.message : 'unknown error'}`,
  );

/**
 * A friend's way in: who invited them, how many rounds there are, their name, and Play.
 * Once is-creator has said this is a friend who has not played, the game is joined at once (it
 * carries no answers), so the screen can say how many rounds there are and Play starts without a wait.
 */
export default function Join() {
  const { gameId = '' } = useParams();
  const navigate = useNavigate();
  const { i18n, t } = useLingui();
  const lang = useLanguage();
  const [name, setName] = useState(userName);
  const [joining, setJoining] = useState(false);
  // "Take my time" ticked: the rounds are not quick ones of 10 seconds.
  const [untimed, setUntimed] = useState(takeMyTime);
  const [joinFailure, setJoinFailure] = useState<Failure | null>(null);

  const info = useApi(['is-creator', gameId], (signal) => isCreator(gameId, userId(), signal));
  // The creator and a friend who played are sent on (below); anyone else is invited.
  const invitation = info.data && !info.data.isCreator && !info.data.hasPlayed ? info.data : undefined;
  // Joined at once for a friend who has not played: the questions carry no answers. In the
  // friend's language, again after a switch.
  const prefetch = useApi(['join-game', gameId, lang], (signal) => joinGame(gameId, lang, signal), {
    enabled: invitation !== undefined,
  });

  // A page's first Intl.NumberFormat loads the number data (25–45 ms here, four times that on a
  // phone): done at an idle moment while the invitation loads, not in the task that shows the
  // rounds' count (the plural's #).
  useEffect(() => whenIdle(() => void i18n.number(0)), [i18n]);
  useEffect(() => {
    if (!info.data) return;
    saveCreatorName(gameId, info.data.playerName);
    if (info.data.isCreator) navigate(endScreenPath(gameId), { replace: true });
    else if (info.data.hasPlayed) navigate(resultPath(gameId), { replace: true });
  }, [info.data, gameId, navigate]);
  useEffect(() => {
    // Only logged: Play joins again and says so if that fails too.
    if (prefetch.error) logJoinFailure(prefetch.error);
  }, [prefetch.error]);

  const play = async () => {
    setJoining(true);
    setJoinFailure(null);
    saveUserName(name);
    try {
      const { edition, questions, mode } = prefetch.data ?? (await joinGame(gameId, lang));
      // The rounds' code first: if it does not arrive, the friend stays here with Try again.
      await loadRounds();
      // A tab without this game resumes after the rounds the server stored (startOrResume).
      if (!resumableGame(edition, gameId)) await startOrResume(edition, gameId, questions, mode);
      // Replacing this page: Back from a round leaves the game, whose answers this tab keeps.
      navigate(gamePath(edition, gameId), { replace: true });
    } catch (error) {
      logJoinFailure(error);
      setJoinFailure(failureText(error, JOIN_FAILED));
      setJoining(false);
    }
  };

  // A link to a game that is not there (or not a game id at all): retrying will not help.
  if (isUnknownGame(info.error)) return <GameGone />;
  if (info.error) {
    return (
      <main className="screen join">
        <LogoMark size={56} />
        <h1>{t`You are joining a ${PRODUCT_NAME} game`}</h1>
        {/* Focus follows only when the person asked for the retry that failed again. */}
        <ErrorNotice failure={failureText(info.error, LOAD_FAILED)} onRetry={info.retry} focus={info.retries > 0} />
      </main>
    );
  }

  if (!invitation) {
    return (
      <main className="screen join">
        <h1 className="visually-hidden">{t`Joining a ${PRODUCT_NAME} game`}</h1>
        <Spinner />
      </main>
    );
  }

  const rounds = prefetch.data?.questions.length;
  // The game's pack, named beside the invitation ("Theme: 💞 Couples").
  const pack = prefetch.data?.pack;
  const theme = pack === undefined ? undefined : i18n._(PACK_NAMES[pack]);
  // A creator who typed no name is "a friend".
  const creator = creatorInSentence(invitation.playerName);
  const seconds = formatCount(i18n, ROUND_SECONDS);
  // A server from before modes says none: an alike game.
  const Invitation = INVITATIONS[invitation.mode ?? DEFAULT_MODE];
  return (
    <main className="screen join">
      <LogoMark size={56} />
      <Invitation creator={creator} />
      {theme !== undefined && <p className="join__pack">{t`Theme: ${theme}`}</p>}
      <p className="join__rounds">
        {untimed
          ? rounds === undefined
            ? t`Rounds with no clock: take your time.`
            : t`${plural(rounds, { one: '# round with no clock: take your time.', other: '# rounds with no clock: take your time.' })}`
          : rounds === undefined
            ? t`Quick rounds of ${seconds} seconds each.`
            : t`${plural(rounds, { one: `# quick round of ${seconds} seconds.`, other: `# quick rounds of ${seconds} seconds each.` })}`}
      </p>
      <form
        className="card join__card"
        onSubmit={(event) => {
          event.preventDefault();
          if (!joining) void play();
        }}
      >
        <NameField value={name} onChange={setName} />
        <TakeMyTimeField onChange={setUntimed} />
        <button type="submit" className="button button--primary" disabled={joining}>
          {joining ? t`Loading...` : t`Play`}
        </button>
      </form>
      {joinFailure !== null && <ErrorNotice failure={joinFailure} onRetry={() => !joining && void play()} focus />}
      <ReportGame gameId={gameId} />
    </main>
  );
}

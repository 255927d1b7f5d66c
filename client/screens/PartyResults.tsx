import { useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router-dom';
import { aboutSubject } from '../../shared/party.js';
import { PRODUCT_NAME } from '../../shared/product.js';
import { ApiError, REQUEST_FAILED } from '../api/http.js';
import { getParty } from '../api/party.js';
import { useApi } from '../api/useApi.js';
import { ErrorNotice } from '../components/ErrorNotice.js';
import { Spinner } from '../components/Spinner.js';
import { ClosestPairs, KnowsBest, Matches, Podium } from '../features/party/results/Podium.js';
import { shareLine } from '../features/party/results/share-line.js';
import { ShareButtons } from '../features/share/ShareButtons.js';
import { ShareMyResult } from '../features/share/ShareMyResult.js';
import { failureOf } from '../i18n/failure.js';
import { useLanguage } from '../i18n/useLanguage.js';
import { absoluteUrl, partyResultsPath, partyScreenPath } from '../paths.js';
import '../i18n/screens.js';

const isNotFound = (error: Error | undefined) => error instanceof ApiError && error.status === 404;

/**
 * A finished party's results (`/party/{partyId}/results`), in the reader's language: the podium
 * and who knows whom best (guess), or the closest pairs and everyone's closest match as bands
 * (alike), and a way to share them (a story card of the podium and a line without answers).
 */
export default function PartyResults() {
  const { partyId = '' } = useParams();
  const { i18n, t } = useLingui();
  const lang = useLanguage();
  const party = useApi(['get-party', partyId, lang], (signal) => getParty(partyId, undefined, lang, signal));
  const state = party.data;

  if (isNotFound(party.error)) {
    return (
      <main className="screen party-results">
        <h1>{t`This party does not exist. Check the link you followed.`}</h1>
        <Link className="button button--secondary" to="/">
          {t`Play A New Game With Your Friends`}
        </Link>
      </main>
    );
  }
  if (party.error) {
    return (
      <main className="screen party-results">
        <ErrorNotice failure={failureOf(party.error, REQUEST_FAILED)} onRetry={party.retry} />
      </main>
    );
  }
  if (!state) {
    return (
      <main className="screen party-results">
        <Spinner label={t`Loading the results`} />
      </main>
    );
  }
  if (state.phase !== 'finished' || state.final === null) {
    return (
      <main className="screen party-results">
        <h1>{t`This party is still being played.`}</h1>
        <p>{t`Its results are here once it is over.`}</p>
        <Link className="button button--secondary" to={partyScreenPath(partyId)}>
          {t`Watch it on the shared screen`}
        </Link>
      </main>
    );
  }
  const guess = aboutSubject(state.format);
  const link = absoluteUrl(partyResultsPath(partyId));
  const message = shareLine(i18n, state);
  return (
    <main className="screen party-results" data-format={state.format}>
      <p className="party-results__kicker">{t`${PRODUCT_NAME} party`}</p>
      <h1>{guess ? t`The podium` : t`The most alike`}</h1>
      {guess ? <Podium state={state} /> : <ClosestPairs state={state} final={state.final} />}
      {guess ? <KnowsBest state={state} final={state.final} /> : <Matches state={state} final={state.final} />}
      <ShareMyResult partyId={partyId} message={message} link={link} />
      <ShareButtons message={message} link={link} qrLink={link} />
      <Link className="button button--secondary" to="/">
        {t`Play A New Game With Your Friends`}
      </Link>
    </main>
  );
}

import { useLingui } from '@lingui/react/macro';
import { type ReactElement, Suspense, useEffect } from 'react';
import { Link, Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { PRODUCT_NAME } from '../shared/product.js';
import { matchPage, PAGE_ROUTES, type PageRoute } from '../shared/routes.js';
import { LanguagePicker } from './components/LanguagePicker.js';
import { LogoMark } from './components/Logo.js';
import { Spinner } from './components/Spinner.js';
import { trackPageViewLater } from './features/startup/analytics-loader.js';
import { lazyScreen } from './lazy.js';
import { landingPath } from './paths.js';
import { ErrorBoundary } from './screens/ErrorScreen.js';
import Landing from './screens/Landing.js';

// The landing screen ships in the entry chunk; every other screen is fetched when first needed.
const Game = lazyScreen(() => import('./screens/Game.js'));
const EndScreen = lazyScreen(() => import('./screens/EndScreen.js'));
const Scoreboard = lazyScreen(() => import('./screens/Scoreboard.js'));
const Join = lazyScreen(() => import('./screens/Join.js'));
const Result = lazyScreen(() => import('./screens/Result.js'));
const FriendComparison = lazyScreen(() => import('./screens/FriendComparison.js'));
const ClaimGame = lazyScreen(() => import('./screens/ClaimGame.js'));
const NotFound = lazyScreen(() => import('./screens/NotFound.js'));
// The party's five pages come in one chunk (screens/Party.tsx).
const Party = lazyScreen(() => import('./screens/Party.js'));

/** `/` is the Spectrum landing; any message for the landing screen travels along. */
function Home() {
  const { state } = useLocation();
  return <Navigate to={landingPath('spectrum')} replace state={state} />;
}

/** What each screen of the route table (shared/routes.ts) is here; a new screen name fails to compile until it is added. */
function screenElement(route: PageRoute): ReactElement {
  switch (route.screen) {
    case 'Home':
      return <Home />;
    case 'Landing':
      return <Landing edition={route.edition} onReady={Game.preload} />;
    case 'Game':
      return <Game edition={route.edition} />;
    case 'EndScreen':
      return <EndScreen />;
    case 'Scoreboard':
      return <Scoreboard />;
    case 'Join':
      return <Join />;
    case 'Result':
      return <Result />;
    case 'FriendComparison':
      return <FriendComparison />;
    case 'ClaimGame':
      return <ClaimGame />;
    case 'PartyJoin':
    case 'PartyTv':
    case 'PartyPhone':
    case 'PartyScreen':
    case 'PartyResults':
      return <Party screen={route.screen} />;
    case 'NotFound':
      return <NotFound />;
  }
}

function Shell() {
  const { pathname } = useLocation();
  const isLanding = matchPage(pathname).route.screen === 'Landing';
  const { t } = useLingui();
  useEffect(() => {
    window.scrollTo(0, 0);
    trackPageViewLater(pathname);
  }, [pathname]);
  return (
    <div className="app">
      {!isLanding && (
        <header className="topbar">
          <Link to="/" className="topbar__brand" aria-label={t`${PRODUCT_NAME} home`}>
            <LogoMark size={28} />
            <span aria-hidden="true">{PRODUCT_NAME}</span>
          </Link>
        </header>
      )}
      {/* Keyed by address: leaving a crashed screen clears the error, and each screen gets a fresh
          Suspense boundary, so the spinner shows while a lazy screen's code arrives. */}
      <ErrorBoundary key={pathname}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      {/* Every screen, the landing too: a person who cannot read this language finds theirs here. */}
      <footer className="footer">
        <LanguagePicker />
      </footer>
    </div>
  );
}

export function App() {
  return (
    <Routes>
      <Route element={<Shell />}>
        {PAGE_ROUTES.map((route) => (
          <Route key={route.pattern} path={route.pattern} element={screenElement(route)} />
        ))}
      </Route>
    </Routes>
  );
}

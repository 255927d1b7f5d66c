import { Suspense, useEffect } from 'react';
import { Link, Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { PRODUCT_NAME } from '../shared/product.js';
import { trackPageView } from './analytics.js';
import { LogoMark } from './components/Logo.js';
import { Spinner } from './components/Spinner.js';
import { lazyScreen } from './lazy.js';
import { ErrorBoundary, ErrorScreen } from './routes/ErrorScreen.js';
import Landing from './routes/Landing.js';

// The landing screen ships in the entry chunk; every other screen is fetched when first needed.
const Game = lazyScreen(() => import('./routes/Game.js'));
const EndScreen = lazyScreen(() => import('./routes/EndScreen.js'));
const Scoreboard = lazyScreen(() => import('./routes/Scoreboard.js'));
const Join = lazyScreen(() => import('./routes/Join.js'));
const Result = lazyScreen(() => import('./routes/Result.js'));
const FriendComparison = lazyScreen(() => import('./routes/FriendComparison.js'));
const ClaimGame = lazyScreen(() => import('./routes/ClaimGame.js'));

/** `/` is the Spectrum landing; any message for the landing screen travels along. */
function Home() {
  const { state } = useLocation();
  return <Navigate to="/spectrum" replace state={state} />;
}

function Shell() {
  const { pathname } = useLocation();
  const isLanding = pathname === '/spectrum' || pathname === '/classic';
  useEffect(() => {
    window.scrollTo(0, 0);
    trackPageView(pathname);
  }, [pathname]);
  return (
    <div className="app">
      {!isLanding && (
        <header className="topbar">
          <Link to="/" className="topbar__brand" aria-label={`${PRODUCT_NAME} home`}>
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
    </div>
  );
}

export function App() {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route index element={<Home />} />
        <Route path="spectrum" element={<Landing edition="spectrum" onReady={Game.preload} />} />
        <Route path="classic" element={<Landing edition="classic" onReady={Game.preload} />} />
        <Route path="spectrum/game/:gameId" element={<Game edition="spectrum" />} />
        <Route path="classic/game/:gameId" element={<Game edition="classic" />} />
        <Route path="endscreen/:gameId" element={<EndScreen />} />
        <Route path="scoreboard/:gameId" element={<Scoreboard />} />
        <Route path="join/:gameId" element={<Join />} />
        <Route path="result/:gameId" element={<Result />} />
        <Route path="comparison/:gameId/:playerID" element={<FriendComparison />} />
        <Route path="creator/:gameId" element={<ClaimGame />} />
        <Route path="*" element={<ErrorScreen detail="404 Not Found" />} />
      </Route>
    </Routes>
  );
}

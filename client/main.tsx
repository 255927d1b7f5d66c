import { I18nProvider } from '@lingui/react';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App.js';
import { startAnalyticsIfConfigured } from './features/startup/analytics-loader.js';
import { i18n, startLanguage } from './i18n/i18n.js';
import { userId } from './state/user.js';
import './styles.css';

// Made on the first visit and kept, so this browser is the same player from game to game.
userId();
startAnalyticsIfConfigured();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
// The first screen waits for its language (English is already here; another is one small chunk),
// so it never shows in English first and then changes under the person's eyes.
// Rendered as a transition, so React builds the first screen in slices of a few milliseconds
// instead of one long task: a phone's main thread stays free to answer a tap meanwhile (total
// blocking time). What is shown, and when, is the same.
void startLanguage().then(() => {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </I18nProvider>
      </StrictMode>,
    );
  });
});

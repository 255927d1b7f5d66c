import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App.js';
import { startAnalytics } from './analytics.js';
import { userId } from './state/user.js';
import './styles.css';

// Made on the first visit and kept, so this browser is the same player from game to game.
userId();
startAnalytics();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);

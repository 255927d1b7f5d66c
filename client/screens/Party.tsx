import type { PartyScreen } from '../../shared/routes.js';
import '../i18n/screens.js';
import PartyJoin from './PartyJoin.js';
import PartyPhone from './PartyPhone.js';
import PartyResults from './PartyResults.js';
import PartyScreenPage from './PartyScreen.js';
import PartyTv from './PartyTv.js';

/**
 * A party's five pages in one chunk, behind one lazy import: five would cost the landing's
 * entry ≈0.5 kB of gzipped JavaScript (its budget, test/landing-budget.test.ts), and whoever opens
 * one party page soon opens another (the phone's lobby, its results; a TV's code, its screen).
 */
export default function Party({ screen }: { screen: PartyScreen }) {
  switch (screen) {
    case 'PartyJoin':
      return <PartyJoin />;
    case 'PartyTv':
      return <PartyTv />;
    case 'PartyPhone':
      return <PartyPhone />;
    case 'PartyScreen':
      return <PartyScreenPage />;
    case 'PartyResults':
      return <PartyResults />;
  }
}

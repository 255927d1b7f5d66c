import { messages } from '../locales/screens/en.po';
import { i18n } from './i18n.js';

/**
 * The English of the lazily loaded screens (client/i18n/areas.ts). Every lazy screen imports
 * this module, so the catalog travels in a chunk beside the screen's own code (and is preloaded
 * with it) instead of in the landing page's entry. Other languages load both areas at once.
 */
i18n.load('en', messages);

import { I18nProvider } from '@lingui/react';
import type { ComponentType, ReactNode } from 'react';
import { i18n } from '../i18n/i18n.js';

/**
 * Wraps a test's tree in the app's I18nProvider (as main.tsx does), around any wrapper the test
 * gives itself: every screen needs the provider, and tests read English unless they switch.
 */
export function withI18n(Inner?: ComponentType<{ children: ReactNode }>) {
  return function I18nWrapper({ children }: { children: ReactNode }) {
    return <I18nProvider i18n={i18n}>{Inner ? <Inner>{children}</Inner> : children}</I18nProvider>;
  };
}

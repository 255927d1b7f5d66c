import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { i18n } from '../../i18n/i18n.js';

/** The burst flag's words, read in the active language each time. */
export const BURST_TEXT = {
  get mark() {
    return i18n._(msg`Same network`);
  },
  get notice() {
    return i18n._(
      msg`Marked "Same network": more than 5 plays from one network within 10 minutes, maybe one person playing over and over to read your friends' answers. Open their answers, and remove them if they are not your friends.`,
    );
  },
};

/** After a flagged friend's name on the creator's scoreboard. */
export function BurstMark() {
  useLingui();
  return (
    <>
      {' '}
      <span className="players__burst">{BURST_TEXT.mark}</span>
    </>
  );
}

/** Above the creator's scoreboard when some friends are flagged. */
export function BurstNotice() {
  useLingui();
  return (
    <p className="players-hint players-hint--burst" role="status">
      {BURST_TEXT.notice}
    </p>
  );
}

import { useLingui } from '@lingui/react/macro';
import { PRODUCT_NAME } from '../../../shared/product.js';
import { Isolated } from '../../i18n/Isolated.js';

/**
 * A friend's result heading, in the game's mode: "Your Wavelength Score with Ada is" or "How well
 * you know Ada". `creator` is already put into the sentence (`creatorInSentence`); null when unnamed.
 */
export function ResultTitle({ creator, guess }: { creator: string | null; guess: boolean }) {
  const { t } = useLingui();
  return (
    <h1 className="result__title">
      <Isolated
        text={
          guess
            ? creator === null
              ? t`How well you know your friend`
              : t`How well you know ${creator}`
            : creator === null
              ? t`Your ${PRODUCT_NAME} Score with your friend is`
              : t`Your ${PRODUCT_NAME} Score with ${creator} is`
        }
      />
    </h1>
  );
}

import { useLingui } from '@lingui/react/macro';
import type { ComponentType } from 'react';
import type { GameMode } from '../../../shared/product.js';
import { Isolated } from '../../i18n/Isolated.js';

/** `creator` is already put into the sentence (`creatorInSentence`); null when the creator typed no name. */
type InvitationProps = { creator: string | null };

/** A guess game: friends guess the creator's answers. */
function GuessInvitation({ creator }: InvitationProps) {
  const { t } = useLingui();
  return (
    <>
      <h1>
        <Isolated
          text={creator === null ? t`How well do you know your friend?` : t`How well do you know ${creator}?`}
        />
      </h1>
      <p className="lead">{t`Guess their answers and see at once if you were right.`}</p>
    </>
  );
}

/** An alike game: friends answer the same questions for themselves. */
function AlikeInvitation({ creator }: InvitationProps) {
  const { t } = useLingui();
  return (
    <>
      <h1>
        <Isolated text={creator === null ? t`You are joining a friend's game` : t`You are joining ${creator}'s game`} />
      </h1>
      <p className="lead">{t`Answer the same questions and see how in tune you are.`}</p>
    </>
  );
}

/**
 * The join screen's invitation (its heading and the line under it) in each mode (shared/modes.ts):
 * a mode without one fails to compile.
 */
export const INVITATIONS: Record<GameMode, ComponentType<InvitationProps>> = {
  alike: AlikeInvitation,
  guess: GuessInvitation,
};

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The score captions and descriptions of shared/captions.ts (levels 1..10, index 0 is level 1),
 * as catalog messages. The English must stay word for word the same as there (a test checks it):
 * the server's preview cards use that file.
 */
export const CAPTIONS: readonly MessageDescriptor[] = [
  msg`Opposite Poles Attract!`,
  msg`Different Beats!`,
  msg`Merging Paths!`,
  msg`Bridging Views!`,
  msg`Syncing Up!`,
  msg`Getting in Tune!`,
  msg`Melodic Match!`,
  msg`In Perfect Rhythm!`,
  msg`Kindred Spirits!`,
  msg`A Match Made in Heaven!`,
];

/** Each says what its caption means without repeating the caption's words. */
export const DESCRIPTIONS: readonly MessageDescriptor[] = [
  msg`You two see the world from far ends of the dial. That is not a bad thing: every conversation between you is a chance to discover something completely new.`,
  msg`Your instincts rarely line up, and it shows. That keeps things lively, and there is plenty left to learn about each other.`,
  msg`You cross each other here and there. You share a few instincts, and the rest is fertile ground for friendly debate.`,
  msg`Where you differ, you are curious rather than surprised, and you keep finding common ground. That is a great start.`,
  msg`Half the time you land on the same wavelength, and the other half makes for good stories.`,
  msg`Your tastes and habits line up more often than not, with just enough surprises to keep it interesting.`,
  msg`You often think alike, and when you do not, you can usually guess what the other would say.`,
  msg`You agree on most things, big and small, and it is easy to see why you get along.`,
  msg`You answer like two people who have shared a lot of time, meals and laughs. Finishing each other's sentences is probably a habit.`,
  msg`You are on exactly the same wavelength: same instincts, same tastes, same view of the world.`,
];

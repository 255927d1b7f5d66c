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
  msg`In Perfect Rythm!`,
  msg`Kindred Spirits!`,
  msg`A Match Made in Heaven!`,
];

export const DESCRIPTIONS: readonly MessageDescriptor[] = [
  msg`You two see the world from opposite ends of the dial. That is not a bad thing: every conversation between you is a chance to discover something completely new.`,
  msg`You move to different beats, and it shows. Your differences keep things lively, and there is plenty left to learn about each other.`,
  msg`Your paths cross here and there. You share a few instincts, and the rest is fertile ground for friendly debate.`,
  msg`You build bridges between your views. Where you differ, you are curious rather than surprised, and that is a great start.`,
  msg`You are starting to sync up. Half the time you land on the same wavelength, and the other half makes for good stories.`,
  msg`You are getting in tune. Your tastes and habits line up more often than not, with just enough surprises to keep it interesting.`,
  msg`A melodic match! You often think alike, and when you do not, you can usually guess what the other would say.`,
  msg`You move in near-perfect rhythm. You agree on most things, big and small, and it is easy to see why you get along.`,
  msg`Kindred spirits! You answer like two people who have shared a lot of time, meals and laughs. Finishing each other's sentences is probably a habit.`,
  msg`A match made in heaven. You are on exactly the same wavelength: same instincts, same tastes, same view of the world.`,
];

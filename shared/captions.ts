/** Caption and longer description for each score level 1..10 (index 0 is level 1). */
export const SCORE_CAPTIONS = [
  'Opposite Poles Attract!',
  'Different Beats!',
  'Merging Paths!',
  'Bridging Views!',
  'Syncing Up!',
  'Getting in Tune!',
  'Melodic Match!',
  'In Perfect Rhythm!',
  'Kindred Spirits!',
  'A Match Made in Heaven!',
] as const;

/** Each says what its caption means without repeating the caption's words. */
export const SCORE_DESCRIPTIONS = [
  'You two see the world from far ends of the dial. That is not a bad thing: every conversation between you is a chance to discover something completely new.',
  'Your instincts rarely line up, and it shows. That keeps things lively, and there is plenty left to learn about each other.',
  'You cross each other here and there. You share a few instincts, and the rest is fertile ground for friendly debate.',
  'Where you differ, you are curious rather than surprised, and you keep finding common ground. That is a great start.',
  'Half the time you land on the same wavelength, and the other half makes for good stories.',
  'Your tastes and habits line up more often than not, with just enough surprises to keep it interesting.',
  'You often think alike, and when you do not, you can usually guess what the other would say.',
  'You agree on most things, big and small, and it is easy to see why you get along.',
  "You answer like two people who have shared a lot of time, meals and laughs. Finishing each other's sentences is probably a habit.",
  'You are on exactly the same wavelength: same instincts, same tastes, same view of the world.',
] as const;

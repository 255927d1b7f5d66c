/** Caption and longer description for each score level 1..10 (index 0 is level 1). */
export const SCORE_CAPTIONS = [
  'Opposite Poles Attract!',
  'Different Beats!',
  'Merging Paths!',
  'Bridging Views!',
  'Syncing Up!',
  'Getting in Tune!',
  'Melodic Match!',
  'In Perfect Rythm!',
  'Kindred Spirits!',
  'A Match Made in Heaven!',
] as const;

export const SCORE_DESCRIPTIONS = [
  'You two see the world from opposite ends of the dial. That is not a bad thing: every conversation between you is a chance to discover something completely new.',
  'You move to different beats, and it shows. Your differences keep things lively, and there is plenty left to learn about each other.',
  'Your paths cross here and there. You share a few instincts, and the rest is fertile ground for friendly debate.',
  'You build bridges between your views. Where you differ, you are curious rather than surprised, and that is a great start.',
  'You are starting to sync up. Half the time you land on the same wavelength, and the other half makes for good stories.',
  'You are getting in tune. Your tastes and habits line up more often than not, with just enough surprises to keep it interesting.',
  'A melodic match! You often think alike, and when you do not, you can usually guess what the other would say.',
  'You move in near-perfect rhythm. You agree on most things, big and small, and it is easy to see why you get along.',
  "Kindred spirits! You answer like two people who have shared a lot of time, meals and laughs. Finishing each other's sentences is probably a habit.",
  'A match made in heaven. You are on exactly the same wavelength: same instincts, same tastes, same view of the world.',
] as const;

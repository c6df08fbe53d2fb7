/**
 * The mood of the picture, from the angle's art direction and the brand's tone, in a fixed
 * vocabulary. The brand's tone wins: a mood word it rules out ("never scary") or that opposes
 * one of its own words (tense against calm) is dropped, so the prompt never contradicts itself.
 */
type Mood = { word: string; match: RegExp; pole: 'soft' | 'dark' | 'energetic' | 'neutral' };

const MOODS: readonly Mood[] = [
  { word: 'calm', match: /\b(calm|serene|peaceful|tranquil|quiet)\b/i, pole: 'soft' },
  { word: 'reassuring', match: /\b(reassur\w*|trust\w*|safe|comfort\w*)\b/i, pole: 'soft' },
  { word: 'friendly', match: /\b(friendly|approachable|welcoming|kind)\b/i, pole: 'soft' },
  { word: 'warm', match: /\bwarm\w*\b/i, pole: 'soft' },
  { word: 'bright', match: /\b(bright|airy|light-filled|sunlit|daylight)\b/i, pole: 'soft' },
  { word: 'fresh', match: /\b(fresh|clean|crisp)\b/i, pole: 'neutral' },
  { word: 'minimal', match: /\b(minimal\w*|simple|uncluttered|white space)\b/i, pole: 'neutral' },
  { word: 'elegant', match: /\b(elegant|luxur\w*|premium|refined|sophisticated)\b/i, pole: 'neutral' },
  { word: 'confident', match: /\b(confident|bold|assertive)\b/i, pole: 'energetic' },
  { word: 'energetic', match: /\b(energ\w*|dynamic|vibrant|lively|urgent|countdown)\b/i, pole: 'energetic' },
  { word: 'playful', match: /\b(playful|fun|cheerful|joyful)\b/i, pole: 'energetic' },
  { word: 'authentic', match: /\b(authentic|candid|real|honest|natural)\b/i, pole: 'neutral' },
  { word: 'expert', match: /\b(expert|professional|editorial|authoritative)\b/i, pole: 'neutral' },
  { word: 'moody', match: /\b(moody|desaturated)\b/i, pole: 'dark' },
  { word: 'dramatic', match: /\b(dramatic|high-contrast|high contrast)\b/i, pole: 'dark' },
  { word: 'tense', match: /\b(tense|tension|anxious|scary|fear\w*)\b/i, pole: 'dark' },
  { word: 'dark', match: /\b(dark|gloomy|night)\b/i, pole: 'dark' },
];

/** Words the tone rules out: "never clinical or scary", "not pushy", "no hype". */
function ruledOut(tone: string): Set<string> {
  const out = new Set<string>();
  for (const clause of tone.toLowerCase().matchAll(/\b(?:never|not|no|avoid|without)\b([^.;,]*)/g)) {
    for (const mood of MOODS) if (mood.match.test(clause[1] ?? '')) out.add(mood.word);
    if (/scar|fear|tens|anx/.test(clause[1] ?? '')) for (const w of ['tense', 'dark', 'moody']) out.add(w);
  }
  return out;
}

function found(text: string, exclude: Set<string>): Mood[] {
  const negated = ruledOut(text);
  return MOODS.filter((m) => m.match.test(text) && !exclude.has(m.word) && !negated.has(m.word));
}

/**
 * Up to three mood words: the tone's own first, then the style's that neither the tone rules
 * out nor oppose the tone (a soft tone drops dark moods; a dark style alone is kept).
 */
export function moodWords(input: { visualStyle: string; tone: string }): string[] {
  const banned = ruledOut(input.tone);
  const fromTone = found(input.tone, banned);
  const tonePoles = new Set(fromTone.map((m) => m.pole));
  const fromStyle = found(input.visualStyle, banned).filter(
    (m) =>
      !(m.pole === 'dark' && (tonePoles.has('soft') || tonePoles.has('energetic'))) &&
      !(m.pole === 'soft' && tonePoles.has('dark')),
  );
  const words = [...new Set([...fromTone, ...fromStyle].map((m) => m.word))];
  return words.length > 0 ? words.slice(0, 3) : ['inviting', 'clean'];
}

/** The mood words a text names ("dark editorial photo" → ["dark", "expert"]). */
export function moodsIn(text: string): string[] {
  return MOODS.filter((m) => m.match.test(text)).map((m) => m.word);
}

/** Whether the chosen moods call for low-key light. */
export function isLowKey(words: readonly string[]): boolean {
  return words.some((w) => MOODS.find((m) => m.word === w)?.pole === 'dark');
}

import { paletteNames } from './colors.ts';
import { isLowKey, moodsIn, moodWords } from './mood.ts';
import { type PictureBrief, type Subject, subjectFromBrief } from './subject.ts';

/** The shape of the visual being asked for, which decides where the calm space goes. */
export type Orientation = 'portrait' | 'landscape' | 'square';

/** What every family's prompt is written from. */
export type Scene = Subject & {
  medium: string;
  /** The angle's art direction, without words a model would paint as lettering. */
  style: string;
  moods: string[];
  lowKey: boolean;
  colors: string[];
  orientation: Orientation;
  hasProduct: boolean;
};

export type SceneInput = {
  angle?: { name: string; hook: string; visual_style: string; copy_direction: string } | undefined;
  /** The stored brief's category and subject: what the picture shows (ADR 0037). */
  brief?: PictureBrief | undefined;
  brand: {
    colors: { primary: string; secondary: string; accent: string; background: string };
    tone_of_voice: string;
  };
  hasProduct: boolean;
  orientation: Orientation;
};

const MEDIUMS: readonly [RegExp, string][] = [
  [/\b(flat|graphic|colou?r blocks?|shapes|illustrat\w*)\b/i, 'bold flat graphic illustration'],
  [/\bstill life\b/i, 'still life photograph'],
  [/\beditorial\b/i, 'editorial photograph'],
  [/\bclose-?up\b/i, 'close-up commercial photograph'],
  [/\b(candid|customer|lifestyle)\b/i, 'candid lifestyle photograph'],
];

/** Art-direction words that ask for lettering or a layout rather than a picture. */
const LAYOUT_WORDS =
  /\b(text|typography|type|font|headline|copy|caption|logo|words?|letters?|overlay|cta|button|offer|badge|banner)\b/i;

/**
 * The angle's visual style as a model reads it: its picture words, none of its layout words, and
 * none of the moods the brand's tone ruled out (`keep`: the moods chosen).
 */
export function styleFor(visualStyle: string, keep: readonly string[]): string {
  return visualStyle
    .replace(/["'`“”‘’«»]/g, '')
    .replace(/\S*\d\S*/g, '')
    .split(/[,;.]/)
    .map((part) => part.trim())
    .filter((part) => part && !LAYOUT_WORDS.test(part) && !/#[0-9a-f]{3,8}/i.test(part))
    .filter((part) => moodsIn(part).every((m) => keep.includes(m)))
    .join(', ');
}

/**
 * The art direction without the parts that only say the subject again: an angle's visual style
 * often opens with the scene ("a baker at the oven, warm morning light"), which the prompt's
 * first sentence already names.
 */
function withoutSubject(style: string, subject: string): string {
  const norm = (t: string) =>
    t
      .toLowerCase()
      .replace(/[^\p{L}]+/gu, ' ')
      .trim();
  const said = norm(subject);
  // The whole subject first (it may hold commas of its own: "…, with a boiler"), then any part
  // of three words or more that the subject already says.
  const at = subject ? style.toLowerCase().indexOf(subject.toLowerCase()) : -1;
  const rest = at >= 0 ? `${style.slice(0, at)}${style.slice(at + subject.length)}` : style;
  // A part of the subject after its own comma ("with towels") goes too, however short.
  const subjectParts = new Set(subject.split(',').map(norm));
  return rest
    .split(',')
    .map((part) => part.trim())
    .filter(
      (part) =>
        part &&
        !subjectParts.has(norm(part)) &&
        (!said.includes(norm(part)) || norm(part).split(' ').length < 3),
    )
    .join(', ');
}

export function describeScene(input: SceneInput): Scene {
  const style = input.angle?.visual_style ?? '';
  const moods = moodWords({ visualStyle: style, tone: input.brand.tone_of_voice });
  const medium = MEDIUMS.find(([re]) => re.test(style))?.[1] ?? 'commercial photograph';
  const subject = subjectFromBrief(input.brief, input.hasProduct);
  return {
    ...subject,
    // People are in the picture when the brief's subject or the art direction puts them there.
    people: subject.people || /\b(people|person|customer|team|portrait|hands?)\b/i.test(style),
    medium,
    style: withoutSubject(styleFor(style, moods), subject.subject),
    moods,
    lowKey: isLowKey(moods),
    colors: paletteNames(input.brand.colors),
    orientation: input.orientation,
    hasProduct: input.hasProduct,
  };
}

/**
 * Where the calm space and the subject go, matching the layouts the visual will serve: a
 * portrait visual is cut for stories and feeds with the copy on top, a landscape or square one
 * carries the copy on the left.
 */
export function compositionDirection(scene: Scene): string {
  const place = scene.hasProduct ? `${scene.productStage} left empty for the product` : 'the main subject';
  switch (scene.orientation) {
    case 'portrait':
      return `Calm, empty background in the upper half of the frame, ${place} in the lower third, centred`;
    case 'landscape':
      return `Calm, empty background in the left third of the frame, ${place} in the right third`;
    case 'square':
      return `Calm, empty background in the left half of the frame, ${place} on the right`;
  }
}

/** Joins words as a reader would: "a, b and c". */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * The last guard before a prompt leaves: no quotes, digits or hex codes (models paint them as
 * text), none of the names given (client, campaign), one space between words.
 */
export function scrub(text: string, names: readonly string[]): string {
  let out = text;
  for (const name of names) {
    const n = name.trim();
    if (n.length < 2) continue;
    out = out.replace(new RegExp(n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), '');
  }
  return out
    .replace(/#[0-9a-f]{3,8}\b/gi, '')
    .replace(/["'`“”‘’«»]/g, '')
    .replace(/\d+/g, '')
    .replace(/\s+([.,])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

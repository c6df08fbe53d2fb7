import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { LEX_FILE, lemmaOf, offsetsOf, synset } from '../../lexicon/wordnet.ts';

/**
 * The offline picture library: Microsoft's Fluent Emoji (flat), an illustration set kept by its
 * makers and shipped as Iconify JSON, annotated with the Unicode CLDR name of each emoji and the
 * keywords of `emojilib`. Only what can depict a business is kept: people at work, animals and
 * nature, food and drink, places and transport, activities and objects (no faces, symbols or
 * flags). Loaded on first use (the JSON is 9 MB); a creative that shows no picture never pays.
 */

export type LibraryPicture = {
  /** Fluent Emoji (colour, 32 × 32) or Tabler Icons (stroke, 24 × 24, drawn in the brand's colours). */
  source: 'fluent' | 'tabler';
  /** Icon name in the set, e.g. `construction-worker`. */
  name: string;
  /** The CLDR name's words, e.g. ["construction", "worker"]. */
  nameWords: string[];
  /**
   * What the picture is: the CLDR name before its first preposition ("bottle" of "bottle with
   * popping cork"), as `phrase`, its last word `head` and the words before it `modifiers`
   * ("musical" of "musical keyboard": a keyboard, but of a piano).
   */
  head: string;
  phrase: string;
  modifiers: string[];
  /** The WordNet sense the picture's name has, when its data says one (Tabler's tags); else its usual senses. */
  sense?: number;
  /** Looser keywords of emojilib, e.g. ["builder", "hard hat"]. */
  keywords: string[];
  /** SVG body on the set's grid. */
  body: string;
};

const GROUPS = new Set([
  'People & Body',
  'Animals & Nature',
  'Food & Drink',
  'Travel & Places',
  'Activities',
  'Objects',
]);
/** Hands, gestures and kisses say nothing about a business. */
const NAMES_OUT =
  /\b(hand|hands|finger|thumbs|fist|selfie|gesturing|facepalming|shrugging|bowing|pouting|frowning|tipping|raising|kiss|heart|family|vampire|zombie|genie|mage|fairy|elf|merperson|troll|ninja|superhero|supervillain)\b/;
const NAME_STOPWORDS = new Set(['with', 'and', 'of', 'the', 'a', 'in', 'on', 'button', 'face']);
/** Where a CLDR name's own phrase ends: "woman in steamy room" is a woman, "ear with hearing aid" an ear. */
const PREPOSITION = /\b(?:with|without|in|on|of|at|for|from|and)\b|:/;

/** A person doing something ("person fencing", "man golfing"): the word after the person names the act. */
const DOING = /^(?:person|man|woman|people|men|women) \p{L}+ing$/u;
/** The act a "person …ing" emoji shows: fencing the sport, not the fence it is also a word for. */
function actSense(head: string): number | undefined {
  return offsetsOf(lemmaOf(head) ?? head).find((off) => synset(off).lexFile === LEX_FILE.act);
}

type IconSet = { icons: Record<string, { body: string }>; aliases?: Record<string, { parent: string }> };
type EmojiData = Record<string, { name: string; slug: string; group: string; skin_tone_support?: boolean }>;

let library: LibraryPicture[] | undefined;

/**
 * A picture set's JSON file, parsed rather than `require`d: the module cache would hold the whole
 * file for the life of the worker; only the pictures kept from it stay.
 */
export function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

export function pictureLibrary(): LibraryPicture[] {
  if (library) return library;
  const require = createRequire(import.meta.url);
  // 9 MB of JSON, of which only the kept pictures stay.
  const set = readJson<IconSet>(require.resolve('@iconify-json/fluent-emoji-flat/icons.json'));
  const emoji = readJson<EmojiData>(require.resolve('unicode-emoji-json/data-by-emoji.json'));
  const keywords = readJson<Record<string, string[]>>(require.resolve('emojilib/dist/emoji-en-US.json'));
  const out: LibraryPicture[] = [];
  for (const [char, data] of Object.entries(emoji)) {
    if (!GROUPS.has(data.group) || NAMES_OUT.test(data.name.toLowerCase())) continue;
    const name = data.slug.replace(/_/g, '-');
    const icon = set.icons[name] ?? set.icons[set.aliases?.[name]?.parent ?? ''];
    if (!icon) continue;
    const nameWords = data.name
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w && !NAME_STOPWORDS.has(w));
    const phraseWords = (data.name.toLowerCase().split(PREPOSITION)[0] ?? '')
      .split(/[^a-z0-9]+/)
      .filter((w) => w && !NAME_STOPWORDS.has(w));
    const sense = DOING.test(phraseWords.join(' ')) ? actSense(phraseWords.at(-1) ?? '') : undefined;
    out.push({
      source: 'fluent',
      name,
      nameWords,
      ...(sense !== undefined ? { sense } : {}),
      head: phraseWords.at(-1) ?? nameWords.at(-1) ?? '',
      phrase: phraseWords.join(' '),
      modifiers: phraseWords.slice(0, -1),
      keywords: (keywords[char] ?? []).slice(1).map((k) => k.toLowerCase().replace(/_/g, ' ')),
      body: icon.body,
    });
  }
  library = out;
  return out;
}

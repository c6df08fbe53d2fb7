import { createRequire } from 'node:module';
import { ancestors, LEX_FILE, lemmaOf, offsetsOf, synset } from '../../lexicon/wordnet.ts';
import { type LibraryPicture, readJson } from './library.ts';
import { ownLemma, tagSense } from './signature.ts';
import { THINGS } from './terms.ts';

/**
 * The second offline picture source (ADR 0048 amendment): Tabler Icons (MIT), 24 × 24 stroke
 * icons of things Fluent Emoji lacks (a solar panel, a charging pile, a desk, a stethoscope).
 * Each icon has a hyphenated name, a category and tags; only icons that can depict a business
 * are kept, and each is read as the noun phrase its name says. Loaded on first use (4.5 MB of
 * JSON).
 */

/**
 * Categories whose icons are marks of an interface, of writing or of a brand: none shows what a
 * business does (`Laundry` is care-label symbols). (`Shapes` also holds a heart and a diamond, which Fluent Emoji draws in colour.)
 */
export const CATEGORIES_OUT = new Set([
  'Arrows',
  'Badges',
  'Brand',
  'Charts',
  'Computers',
  'Currencies',
  'Database',
  'Development',
  'Electrical',
  'Extensions',
  'Gender',
  'Gestures',
  'Laundry',
  'Letters',
  'Logic',
  'Math',
  'Mood',
  'Numbers',
  'Shapes',
  'Symbols',
  'Text',
  'Version control',
  'Zodiac',
]);

/**
 * A last word that this many other icons also end with, each being an icon plus that word, marks
 * a state or an action on the thing ("-off", "-plus", "-search", "-dollar"), not a kind of it:
 * "home-dollar" is a house with a coin badge. In the set, such words end 9 to 517 stems, while a
 * kind ("truck-delivery", "building-bank") ends one or two.
 */
const BADGE_STEMS = 9;

type TablerIcon = { name: string; category?: string; tags?: Array<string | number> };
type TablerNode = [string, Record<string, string>];

/** What a Tabler name says the icon is: its phrase, head and the words before the head. */
export type NamePhrase = { phrase: string; head: string; modifiers: string[] };

const isCompound = (words: readonly string[]) => words.length > 1 && offsetsOf(words.join(' ')).length > 0;

/** Whether `kind` is, in one of its first senses, a kind of `of` in WordNet (an SUV is a car). */
function kindOf(kind: string, of: string): boolean {
  const wanted = new Set(offsetsOf(lemmaOf(of) ?? of));
  const own = offsetsOf(kind.includes(' ') ? kind : (lemmaOf(kind) ?? kind)).slice(0, 3);
  for (const [off, steps] of ancestors(own, 4)) if (steps > 0 && wanted.has(off)) return true;
  return false;
}

const phraseOf = (words: readonly string[]): NamePhrase => ({
  phrase: words.join(' '),
  head: words.at(-1) ?? '',
  modifiers: words.slice(0, -1),
});

/**
 * The noun phrase a Tabler name says. Names are written in English order ("solar-panel",
 * "first-aid-kit") or as a family, object first ("truck-delivery", "building-bank", "car-suv",
 * "device-laptop"). Read in this order:
 *   1. the name as WordNet has it ("solar panel", "bus stop"), or English order when it does not
 *      begin with a family's stem ("charging-pile", "scuba-mask": the last word is the head);
 *   2. after a family's stem (the longest start of the name that is a kept icon, "credit-card"
 *      of "credit-card-pay"), the rest turned round when WordNet has that ("delivery truck");
 *      else the rest itself when it is a kind of the stem ("car-suv" is an SUV,
 *      "building-skyscraper" a skyscraper) or a WordNet compound ("building-wind-turbine"); else
 *      the stem, the rest saying which kind ("truck-loading");
 *   3. after a namespace (a first word that begins many names but is no icon: "device-"), the rest.
 */
export function readTablerName(
  name: string,
  stems: ReadonlySet<string>,
  namespaces: ReadonlySet<string> = new Set(),
): NamePhrase {
  const words = name.split('-').filter((w) => !/^\d+$/.test(w));
  let cut = words.length - 1;
  while (cut > 0 && !stems.has(words.slice(0, cut).join('-'))) cut--;
  if (words.length === 1 || isCompound(words)) return phraseOf(words);
  if (cut === 0) return phraseOf(namespaces.has(words[0] ?? '') ? words.slice(1) : words);
  const stem = words.slice(0, cut);
  const rest = words.slice(cut);
  if (isCompound([...rest, ...stem])) return phraseOf([...rest, ...stem]);
  const stemHead = stem.join(' ');
  // A compound of its own after the stem is the thing ("building-wind-turbine": a wind turbine).
  if (
    kindOf(rest.join(' '), stemHead) ||
    (rest.length > 1 && (isCompound(rest) || kindOf(rest.at(-1) ?? '', stemHead)))
  )
    return phraseOf(rest);
  return phraseOf([...rest, ...stem]);
}

/** First words that begin this many names and are no icon themselves: a namespace ("device-"). */
const NAMESPACE_NAMES = 9;

export function namespacesOf(names: readonly string[]): Set<string> {
  const all = new Set(names);
  const count = new Map<string, number>();
  for (const n of names) {
    const first = n.split('-')[0] ?? '';
    if (first !== n) count.set(first, (count.get(first) ?? 0) + 1);
  }
  return new Set([...count].filter(([w, c]) => c >= NAMESPACE_NAMES && !all.has(w)).map(([w]) => w));
}

/** An icon's SVG nodes as markup on its 24 × 24 grid (the stroke is set where it is drawn). */
export function nodesMarkup(nodes: readonly TablerNode[]): string {
  const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return nodes
    .map(
      ([tag, attrs]) =>
        `<${tag} ${Object.entries(attrs)
          .filter(([k]) => k !== 'key')
          .map(([k, v]) => `${k}="${attr(String(v))}"`)
          .join(' ')}/>`,
    )
    .join('');
}

/**
 * A word of a name that mostly names icons of the categories left out ("square", "arrow",
 * "letter", "chevron"): in a kept category it still marks an interface variant
 * ("playstation-square", "tags-chevron-up"). This many such names at least, and this many times
 * as many as kept ones.
 */
const OUT_FAMILY = { names: 5, ratio: 4 };

/** The icons that can depict a business, by category and by name (no badge or state variants). */
export function keptIcons(icons: readonly TablerIcon[]): TablerIcon[] {
  const names = new Set(icons.map((i) => i.name));
  const endings = new Map<string, number>();
  const family = new Map<string, { out: number; kept: number }>();
  for (const { name, category } of icons) {
    const cut = name.lastIndexOf('-');
    if (cut > 0 && names.has(name.slice(0, cut))) {
      const last = name.slice(cut + 1);
      endings.set(last, (endings.get(last) ?? 0) + 1);
    }
    for (const w of name.split('-')) {
      const f = family.get(w) ?? { out: 0, kept: 0 };
      if (CATEGORIES_OUT.has(category ?? '')) f.out++;
      else f.kept++;
      family.set(w, f);
    }
  }
  const outWord = (w: string) => {
    const f = family.get(w);
    return !!f && f.out >= OUT_FAMILY.names && f.out >= OUT_FAMILY.ratio * f.kept;
  };
  return icons.filter(({ name, category }) => {
    if (CATEGORIES_OUT.has(category ?? '') || name.split('-').some(outWord)) return false;
    const cut = name.lastIndexOf('-');
    if (cut < 0) return true;
    const last = name.slice(cut + 1);
    // A numbered variant is another drawing of the same thing ("bread-2"); keep it.
    return /^\d+$/.test(last) || !names.has(name.slice(0, cut)) || (endings.get(last) ?? 0) < BADGE_STEMS;
  });
}

/**
 * Whether the icon shows a thing: the sense its tags say, else one of its name's two usual
 * senses. A person needs the tags' word for it: interface icons are named like jobs ("loader",
 * "server", "target" spinners and marks), and a person icon's tags say who it is ("nurse":
 * medical, hospital).
 */
export function depictable(read: NamePhrase, sense: number | undefined): boolean {
  if (sense !== undefined) return THINGS.has(synset(sense).lexFile);
  return offsetsOf(ownLemma(read))
    .slice(0, 2)
    .some((off) => THINGS.has(synset(off).lexFile) && synset(off).lexFile !== LEX_FILE.person);
}

let library: LibraryPicture[] | undefined;

export function tablerLibrary(): LibraryPicture[] {
  if (library) return library;
  const require = createRequire(import.meta.url);
  // 4.5 MB of JSON, of which only the kept icons stay.
  const icons = Object.values(
    readJson<Record<string, TablerIcon>>(require.resolve('@tabler/icons/icons.json')),
  );
  const nodes = readJson<Record<string, TablerNode[]>>(
    require.resolve('@tabler/icons/tabler-nodes-outline.json'),
  );
  const kept = keptIcons(icons);
  const stems = new Set(kept.map((i) => i.name));
  const namespaces = namespacesOf(kept.map((i) => i.name));
  const out: LibraryPicture[] = [];
  for (const icon of kept) {
    const drawing = nodes[icon.name];
    if (!drawing) continue;
    const read = readTablerName(icon.name, stems, namespaces);
    if (!read.head) continue;
    const keywords = (icon.tags ?? [])
      .map((t) => String(t).toLowerCase().replace(/-/g, ' '))
      .filter((t) => /[a-z]{3}/.test(t) && t !== read.phrase);
    const sense = tagSense(read, keywords);
    if (!depictable(read, sense)) continue;
    out.push({
      source: 'tabler',
      name: icon.name,
      nameWords: read.phrase.split(' '),
      ...read,
      ...(sense !== undefined ? { sense } : {}),
      keywords,
      body: nodesMarkup(drawing),
    });
  }
  library = out;
  return out;
}

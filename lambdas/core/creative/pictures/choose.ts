import {
  ancestors,
  LEX_FILE,
  lemmaOf,
  offsetsOf,
  relatedTerms,
  synset,
  usualSenses,
} from '../../lexicon/wordnet.ts';
import { type LibraryPicture, pictureLibrary } from './library.ts';
import {
  anotherObject,
  definitionWords,
  glossSays,
  otherSense,
  sameThing,
  senseInCompound,
  senseOf,
  synonymWords,
} from './senses.ts';
import { ownLemma, signature } from './signature.ts';
import { tablerLibrary } from './tabler.ts';
import { ANYONE, type Term, THINGS, termsOf, tokens } from './terms.ts';
import { TRADE_PICTURE, tradePicture } from './trade.ts';

/**
 * Which library picture shows this business, from its brief's `subject` and `category` (ADR
 * 0037, 0048), or none.
 *
 * The brief's words, most telling first: the subject's head noun phrase ("a pint of IPA", "three
 * bottles of wine"), the sub-vertical's nouns and, when the category is one of the taxonomy's,
 * its English cue terms; then the rest of the subject (setting, props) and the vertical. Each word
 * is read in one sense, the one whose WordNet gloss and broader terms share most with the
 * brief's other words (a simplified Lesk: "bar" beside "taproom" and "pint" is a barroom, not a
 * block of chocolate), and widened from that sense only (synonyms, then broader terms, each step
 * worth less).
 *
 * A picture is what its CLDR name's own phrase says ("bottle" of "bottle with popping cork"). It
 * scores by that phrase or its head (full weight), its other name words and emojilib keywords
 * (0.6). A head match counts less for each word before the head that the brief does not explain
 * ("musical" keyboard for a gaming keyboard, "baby" bottle for wine), and far less when the
 * phrase is a WordNet compound of another sense ("railway car" for an electric car). The best
 * score must reach {@link MIN_SCORE}: below that, nothing relevant is in the library, and the
 * creative shows no picture rather than a wrong one.
 */

export const MIN_SCORE = 0.5;

/** A head match loses this share per word before the head the brief does not explain. */
const UNEXPLAINED_MODIFIER = 0.6;
/** A head match whose name goes on with words the brief does not explain ("bottle with popping cork"). */
const UNEXPLAINED_COMPLEMENT = 0.8;
/** A head match whose phrase is a WordNet compound of another sense of the brief's word. */
const OTHER_SENSE = 0.3;
/** A match only the subject makes, when the category has words of its own that the picture misses. */
const SUBJECT_ONLY = 0.85;
/** Per step up from what the picture is to the brief's word (a teacup is a cup). */
const PICTURE_STEP = 0.75;

/** A brief's word with more kinds than this in WordNet is too broad to be shown by one of them. */
const NARROW_KINDS = 30;

/** An emojilib keyword: looser than the name ("houses" is tagged "home", "mechanic" "artisan"). */
const KEYWORD = 0.5;
/** An emojilib keyword that is one of the category's own words (sub-vertical, cue terms). */
const TRADE_KEYWORD = 0.6;

/** `bySubject`: the brief term that found the picture is one of what the subject shows. */
export type Chosen = { picture: LibraryPicture; score: number; because: string; bySubject?: boolean };
type Scored = { score: number; because: string; by?: string };

export type Expanded = {
  /** word → its weight, the brief term it came from and how close to that term it is (1 = itself) */
  words: Map<string, { weight: number; from: string; closeness: number }>;
  /** brief term → the synset it was read in */
  senses: Map<string, number>;
  /** every word the brief says or implies (its terms and their widened forms) */
  context: Set<string>;
  /** the brief's terms the category says (sub-vertical nouns, taxonomy cue terms) */
  category: Set<string>;
  /** the category's two-word phrases as written, WordNet's or not (terms.ts `phrase`) */
  phrases: Set<string>;
  /** the brief's terms of what the subject shows (not its setting) */
  shown: Set<string>;
};

/** Expanded terms, each word's closeness times the brief term's weight, from the sense the brief means. */
export function expand(terms: readonly Term[]): Expanded {
  const words = new Map<string, { weight: number; from: string; closeness: number }>();
  const senses = new Map<string, number>();
  // The brief's words and their usual senses' signatures: what the other words are read against.
  const bag = new Set<string>();
  for (const t of terms) {
    for (const w of tokens(t.word)) bag.add(w);
    const first = offsetsOf(t.word)[0];
    if (first !== undefined) for (const w of signature(first)) bag.add(w);
  }
  for (const t of terms) {
    const sense = senseInCompound(t.word, terms) ?? senseOf(t.word, bag);
    if (sense !== undefined) senses.set(t.word, sense);
    const related = relatedTerms(t.word, sense !== undefined ? { from: [sense] } : {});
    if (related.size === 0) related.set(t.word, 1);
    for (const [w, closeness] of related) {
      const weight = closeness * t.weight;
      if ((words.get(w)?.weight ?? 0) < weight) words.set(w, { weight, from: t.word, closeness });
    }
  }
  const context = new Set<string>();
  for (const w of words.keys()) for (const t of [w, ...tokens(w)]) context.add(t);
  const category = new Set(terms.filter((t) => t.category && !t.phrase).map((t) => t.word));
  const phrases = new Set(terms.filter((t) => t.phrase).map((t) => t.word));
  const shown = new Set(terms.filter((t) => t.shown).map((t) => t.word));
  return { words, senses, context, category, phrases, shown };
}

/** Whether a word of a picture's name is one the brief says or implies. */
function explained(word: string, brief: Expanded): boolean {
  return brief.context.has(word) || brief.context.has(lemmaOf(word) ?? '');
}

/** Tags of a Tabler icon, other than its own name's words, that the brief says or implies. */
function agreeingTags(picture: LibraryPicture, brief: Expanded): number {
  const own = new Set(picture.nameWords);
  return picture.keywords.filter(
    (k) => !own.has(k) && k.split(/[\s-]+/).some((w) => !own.has(w) && explained(w, brief)),
  ).length;
}

const isPersonPicture = (picture: LibraryPicture) =>
  usualSenses(ownLemma(picture))
    .slice(0, 1)
    .some((off) => synset(off).lexFile === LEX_FILE.person);

/** A keyword of the picture, other than its name's words and the brief's word `from`, that the brief says or implies. */
function keywordAgrees(picture: LibraryPicture, brief: Expanded, from: string): boolean {
  const own = new Set([...picture.nameWords, from]);
  return picture.keywords.some((k) =>
    k.split(/[\s-]+/).some((w) => !own.has(w) && brief.words.get(w)?.from !== from && explained(w, brief)),
  );
}

/** How many of a line icon's other tags must agree with the brief. */
const TAGS_AGREEING = 1;

/**
 * Whether a keyword of the picture that the brief says is in WordNet's definition of what the
 * picture shows: its phrase, or the phrase after its preposition ("lotus position" of "person in
 * lotus position"), in their two usual senses; or in one of the phrase's other names.
 */
function definedBy(picture: LibraryPicture, brief: Expanded): boolean {
  // Most pictures have no keyword the brief says: they are settled before any WordNet read (this
  // runs for every picture without a name match, on every choice).
  const said = picture.keywords.filter((k) => brief.words.get(k)?.closeness === 1);
  if (said.length === 0) return false;
  const rest = picture.nameWords.slice(picture.phrase.split(' ').length);
  const gloss = new Set([
    ...definitionWords(picture.phrase),
    ...definitionWords(rest.join(' ')),
    ...synonymWords(picture.phrase),
  ]);
  return said.some((k) => gloss.has(k) && !anotherObject(picture, brief.senses.get(k)));
}

/**
 * The picture is another compound of the head of a compound the brief says: a fuel pump for a
 * heat pump, both pumps, neither the other.
 */
function siblingCompound(picture: LibraryPicture, brief: Expanded): boolean {
  if (!picture.phrase.includes(' ')) return false;
  // (A phrase WordNet lacks, "fuel pump", is a kind of nothing the brief says.)
  const own = [...ancestors(offsetsOf(picture.phrase).slice(0, 1), 4).keys()];
  for (const [word, hit] of brief.words) {
    if (hit.closeness < 1 || word === picture.phrase || !word.endsWith(` ${picture.head}`)) continue;
    const theirs = new Set(offsetsOf(word));
    if (theirs.size > 0 && !own.some((off) => theirs.has(off))) return true;
  }
  return false;
}

/**
 * What the picture is, up to two steps broader (a teacup is a cup; a chair is a seat, a kind of
 * furniture): synset → factor. Without a sense its tags say, it is the first sense of its name
 * that a picture can show: a wrench is the tool, not the sprain WordNet lists first (a kind of
 * injury, which made it a personal-injury lawyer's picture).
 */
function pictureAncestors(picture: LibraryPicture): Map<number, number> {
  const out = new Map<number, number>();
  const own = ownLemma(picture);
  const sense = picture.sense ?? offsetsOf(own).find((off) => THINGS.has(synset(off).lexFile));
  for (const [off, steps] of ancestors(sense !== undefined ? [sense] : [], 2))
    if (steps > 0) out.set(off, PICTURE_STEP ** steps);
  return out;
}

/** The brief's words the picture is a kind of, up to two steps (a teacup of "cups"), with the factor per step. */
function kindMatches(
  picture: LibraryPicture,
  brief: Expanded,
  find: (word: string) => { from: string; closeness: number } | undefined,
): Array<{ word: string; factor: number; from: string }> {
  const out: Array<{ word: string; factor: number; from: string }> = [];
  for (const [off, factor] of pictureAncestors(picture))
    for (const w of synset(off).words) {
      const hit = find(w.toLowerCase());
      const sense = hit ? brief.senses.get(hit.from) : undefined;
      const itself = hit?.closeness === 1 && hit.from === (lemmaOf(w) ?? w.toLowerCase());
      // A broad term has kinds of everything ("container": a spoon, a purse): only a narrow
      // one is shown by a kind of it.
      const narrow = synset(off).hyponyms <= NARROW_KINDS;
      if (hit && narrow && (itself || sense === undefined || sense === off))
        out.push({ word: w.toLowerCase(), factor, from: hit.from });
    }
  return out;
}

/**
 * How surely the picture's head match is the brief's kind of the thing: the words before the head
 * say which kind ("musical keyboard"), and what the name adds after it too (a bottle with a
 * popping cork is champagne, not a bottle of perfume or of smoothie).
 */
function kindFactor(picture: LibraryPicture, brief: Expanded): number {
  let kind = 1;
  for (const m of picture.modifiers) if (!explained(m, brief)) kind *= UNEXPLAINED_MODIFIER;
  const complement = picture.nameWords
    .slice(picture.phrase.split(' ').length)
    .filter((w) => !/^(?:without|facing|right|left)$/.test(w));
  if (complement.length > 0 && !complement.some((w) => explained(w, brief))) kind *= UNEXPLAINED_COMPLEMENT;
  return kind;
}

export function scorePicture(picture: LibraryPicture, brief: Expanded): Scored {
  // The best match per brief term; a second term that agrees adds a third of its weight.
  const perTerm = new Map<string, { weight: number; word: string }>();
  const find = (word: string) => brief.words.get(word) ?? brief.words.get(lemmaOf(word) ?? '');
  const consider = (word: string, factor: number, minCloseness = 0) => {
    const hit = find(word);
    if (!hit || hit.closeness < minCloseness) return;
    const weight = hit.weight * factor;
    if ((perTerm.get(hit.from)?.weight ?? 0) < weight) perTerm.set(hit.from, { weight, word });
  };
  // Category words found only because the picture is a kind of them (a chair for furniture).
  const byTradeKind = new Set<string>();
  // Subject words found only because the picture is a kind of them (a teacup for "cups").
  const byKind = new Set<string>();
  const kind = kindFactor(picture, brief);
  const head = find(picture.head);
  // A picture of anyone ("person", "woman") shows the brief's own word, not a broader one.
  if (ANYONE.has(picture.head) && (head?.closeness ?? 0) < 0.9 && !definedBy(picture, brief))
    return { score: 0, because: '' };
  // A picture found through another word ("package" for "software", "houses" for "family")
  // shows its own usual sense unless its tags said one: it must be the brief's thing too, by its
  // whole name as by its head.
  const viaOtherWord = !!head && head.from !== (lemmaOf(picture.head) ?? picture.head);
  const briefSense = head && brief.senses.get(head.from);
  // What the picture shows: the sense its tags said, else, when found through another word, its
  // name's usual sense.
  const own = picture.sense ?? (viaOtherWord ? usualSenses(ownLemma(picture))[0] : undefined);
  const otherThing = viaOtherWord && picture.sense === undefined && !sameThing(own ?? -1, briefSense);
  // A person found through another name for the brief's ("technologist" for a heating engineer:
  // one synset in WordNet) is drawn with the props of the name's trade (a laptop): one of its
  // keywords, besides its name and the brief's word it was found by, must agree with the brief.
  if (viaOtherWord && head && isPersonPicture(picture) && !keywordAgrees(picture, brief, head.from))
    return { score: 0, because: '' };
  consider(picture.nameWords.join(' '), otherThing ? OTHER_SENSE : 1);
  if (picture.phrase.includes(' ')) consider(picture.phrase, otherThing ? OTHER_SENSE : 1);
  if (head) {
    const other =
      otherSense(picture.phrase, briefSense) ||
      (own !== undefined && !sameThing(own, briefSense)) ||
      siblingCompound(picture, brief);
    const sense = other ? OTHER_SENSE : 1;
    consider(picture.head, kind * sense);
  }
  // A kind of the brief's own word (a teacup for "cups"), not a sibling under a broad term
  // (a mechanic for a roofer, both craftsmen).
  else
    for (const k of kindMatches(picture, brief, find)) {
      consider(k.word, kind * k.factor, 0.9);
      (brief.category.has(k.from) ? byTradeKind : byKind).add(k.from);
    }
  // Other name words count as themselves only: "place" of "1st place medal" is no home. A word
  // before the head says which kind of the head the picture is: an alarm clock is a clock, a
  // kitchen knife no kitchen. It finds the picture only when WordNet's definition of the
  // picture says it ("beer mug: a mug intended for serving beer").
  // The brief's word is looked up first: most name words match nothing, and need no WordNet read.
  for (const w of picture.nameWords) {
    if (w === picture.head || (find(w)?.closeness ?? 0) < 1) continue;
    if (picture.modifiers.includes(w) && !glossSays(picture.phrase, w)) continue;
    // A word after the head ("paper" of "roll of paper") finds the picture when the brief
    // explains the head too, or the word is the trade's: a lawyer's papers are no roll.
    const after = !picture.modifiers.includes(w) && !picture.phrase.split(' ').includes(w);
    if (after && !explained(picture.head, brief) && !brief.category.has(find(w)?.from ?? '')) continue;
    consider(w, 0.75, 1);
  }
  // A line icon's tag that is word for word a phrase of the category ("home security" of a
  // house with a shield, "swimming pool") says what the icon is drawn for, as its name would.
  // Only when the phrase names the icon's head (the house of "home security"): a tag says what an
  // interface uses the icon for as often ("real estate" of any building, "air conditioning" of
  // a car's fan).
  if (picture.source === 'tabler')
    for (const k of picture.keywords)
      if (brief.phrases.has(k) && k.split(' ').includes(picture.head)) consider(k, 1, 1);
  // Keywords are looser than a name: emojilib's say what an emoji is used for or looks like
  // ("mover" of a minibus, a people mover; "vaccination" of a syringe), Tabler's tags where an
  // interface uses the icon ("online" of a cloud). The name must match for a picture to be one
  // of the business; keywords then only rank it. Unless WordNet's definition of what the
  // picture shows says the keyword: "lotus position: a sitting position in yoga" for a person in
  // lotus position tagged "yoga".
  if (perTerm.size === 0 && !definedBy(picture, brief)) return { score: 0, because: '' };
  // A line icon's tags describe what it shows ("medical, hospital" of a nurse's cap): unless some
  // of them, besides its own name, agree with the brief, it shows another trade's thing under a
  // shared word (a nanny is a nurse in WordNet; an alarm clock is an alarm).
  if (picture.source === 'tabler' && agreeingTags(picture, brief) < TAGS_AGREEING)
    return { score: 0, because: '' };
  // A keyword that is the trade's own word (a shield tagged "security" for a security firm) is
  // the category's emblem, a surer sign than a keyword the subject's props find.
  for (const k of picture.keywords) {
    const hit = find(k);
    consider(k, hit && hit.closeness === 1 && brief.category.has(hit.from) ? TRADE_KEYWORD : KEYWORD);
  }
  const ranked = [...perTerm].sort((a, b) => b[1].weight - a[1].weight);
  const [first] = ranked;
  if (!first) return { score: 0, because: '' };
  // A second term agrees only from another phrase: "front door" and its "door" are one word of
  // the brief, said once.
  const firstWords = new Set(tokens(first[0]));
  const second = ranked.slice(1).find(([from]) => !tokens(from).some((w) => firstWords.has(w)));
  // One kind of a subject's word, with nothing else of the brief agreeing, is any kind of it: a
  // coffin is a box, but not the siren box the brief means.
  if (!second && byKind.has(first[0])) return { score: 0, because: '' };
  // A kind of the trade's word is the trade's only with a keyword the brief agrees with (a chair
  // tagged "furniture"): a sheaf of rice is a kind of parcel, its keywords are a harvest's.
  if (byTradeKind.has(first[0]) && agreeingTags(picture, brief) < TAGS_AGREEING)
    return { score: 0, because: '' };
  // A picture only the subject's words find, while the category has words it misses, may show
  // a prop of the scene (a camera, a chicken) rather than the business.
  const aboutTrade =
    brief.category.size === 0 || ranked.some(([from]) => brief.category.has(from) || brief.phrases.has(from));
  return {
    score: (first[1].weight + (second ? second[1].weight / 3 : 0)) * (aboutTrade ? 1 : SUBJECT_ONLY),
    because: [first, ...(second ? [second] : [])].map(([from, hit]) => `${from} → ${hit.word}`).join(', '),
    by: first[0],
  };
}

/**
 * A Tabler icon is shown only when it scores this much more than the best Fluent Emoji and than
 * {@link MIN_SCORE}: a colour picture that matches as well reads better than a line icon, and
 * the icon wins when it is clearly the more specific match (a solar panel where Fluent has only a
 * battery). Its name is an interface's word as often as a thing's ("placeholder", "navigation"),
 * so a bare match at the threshold is not enough.
 */
const TABLER_MARGIN = 0.15;

const GENDERED = /^(?:man|woman)$/;

function beforeOnTie(a: LibraryPicture, b: LibraryPicture): boolean {
  if (a.nameWords.length !== b.nameWords.length) return a.nameWords.length < b.nameWords.length;
  const gendered = (p: LibraryPicture) => p.nameWords.some((w) => GENDERED.test(w));
  if (gendered(a) !== gendered(b)) return !gendered(a);
  return a.name.length < b.name.length;
}

function best(pictures: readonly LibraryPicture[], brief: Expanded): Chosen | undefined {
  let out: Chosen | undefined;
  for (const picture of pictures) {
    const { score, because, by = '' } = scorePicture(picture, brief);
    // Ties go to the picture whose own name is shortest: "house" before "house with garden",
    // "solar-panel" before its second drawing "solar-panel-2"; and to a person of no stated
    // gender before a man or a woman doing the same.
    if (score > (out?.score ?? 0) || (out && score === out.score && beforeOnTie(picture, out.picture)))
      out = { picture, score, because, bySubject: brief.shown.has(by) };
  }
  return out;
}

/** Each source's best picture for the brief, whatever its score (what the evaluation prints). */
export async function pictureCandidates(brief: { subject: string; category: string }) {
  const expanded = expand(await termsOf(brief));
  return { fluent: best(pictureLibrary(), expanded), tabler: best(tablerLibrary(), expanded) };
}

/** The best picture for the brief, or undefined when none reaches {@link MIN_SCORE}. */
export async function choosePicture(brief: {
  subject: string;
  category: string;
}): Promise<Chosen | undefined> {
  const shown = (c: Chosen | undefined) => (c && c.score >= MIN_SCORE ? c : undefined);
  const candidates = await pictureCandidates(brief);
  const fluent = shown(candidates.fluent);
  const tabler = shown(candidates.tabler);
  const matched =
    tabler && tabler.score >= Math.max(fluent?.score ?? 0, MIN_SCORE) + TABLER_MARGIN ? tabler : fluent;
  const trade = tradePicture(brief.category);
  // Only what the subject says beats the emblem a reader named for the trade: a match the
  // trade's own words find (a cue term's wallpaper for a decorator) gives way to it.
  if (trade && (TRADE_PICTURE > (matched?.score ?? 0) || !matched?.bySubject))
    return { picture: trade, score: TRADE_PICTURE, because: "the taxonomy's picture of the trade" };
  return matched;
}

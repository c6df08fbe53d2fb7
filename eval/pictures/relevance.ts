import type { LibraryPicture } from '#core/creative/pictures/library.ts';
import { ancestors, lemmaOf, lemmasOf, offsetsOf, synset } from '#core/lexicon/wordnet.ts';
import { loadNlp, parseSubject } from '#core/text/nlp.ts';

/**
 * The WordNet relevance check (ADR 0048): the fallback for a picture no reader judged, and what
 * is measured against the readers' verdicts (ADR 0065, eval/pictures/judged.ts). It judges what the picture *is*, not what the chooser
 * matched: the chooser reads emojilib keywords, taxonomy cue terms, the whole subject and weights;
 * this check reads none of them.
 *
 * - What a picture is: its CLDR name's own phrase (before "with", "in", "of"…), as a WordNet
 *   compound when WordNet has it ("beer mug", "railway car"), else its last word; in any of its
 *   first two senses (the check does not guess the picture's sense from the brief).
 * - What the brief is about (its anchors): the gold subject's first noun phrase (the head, with
 *   an "of" complement: "a pint of IPA") and its next one (the object: "a vet examining a puppy"),
 *   and the gold sub-vertical's words; each in any of its first three senses.
 * - Relevant: the picture is an anchor, a kind of one (at most three steps down: a teacup is a
 *   cup) or one step broader (a dog for a puppy); or a kind of a noun of an anchor's gloss
 *   ("brewery: a plant where beer is brewed" → a beer mug); or a kind of what an anchor or a
 *   glossed thing is a part of in WordNet ("roofing: material used to construct a roof", a roof
 *   is part of a building → a house). And no word before the picture's head
 *   is foreign to the brief: "musical keyboard" is not relevant to a gaming keyboard, "baby
 *   bottle" not to wine, "chocolate bar" not to a taproom bar.
 *
 * It still shares WordNet with the chooser, so it says a picture is about the right thing in
 * WordNet's terms; a reader judges whether it is a good picture of it (the contact sheets).
 */

export type Anchors = {
  /** synset → the anchor word it came from */
  synsets: Map<number, string>;
  /** synsets named by a noun of an anchor's gloss */
  glossed: Set<number>;
  /** what the anchors are, one step up (their usual sense): a dog for a puppy */
  broader: Set<number>;
  /** what an anchor or a glossed thing is a part of (WordNet part holonyms): a building for a roof */
  wholes: Set<number>;
  /** every word of the gold subject and category, lemmatised */
  words: Set<string>;
};

const tokens = (text: string) => text.toLowerCase().match(/[a-z][a-z-]+/g) ?? [];

/**
 * A thing with this many direct kinds or fewer is specific enough that any kind of it depicts it.
 * A gloss's broad nouns ("a device that…", "an artifact") have hundreds: "a kind of a device"
 * would make almost any object relevant.
 */
const NARROW_KINDS = 40;
const narrow = (offset: number) => synset(offset).hyponyms <= NARROW_KINDS;

/**
 * A word WordNet lacks, read as the longest word it ends with ("cybersecurity" is a security):
 * English compounds name a kind of their last part.
 */
function tailOf(word: string): string[] {
  if (word.includes('-')) return [];
  for (let i = 3; i <= word.length - 5; i++) {
    const tail = lemmasOf(word.slice(i));
    if (tail.length) return tail;
  }
  return [];
}

export async function relevanceSet(gold: { subject: string; category: string }): Promise<Anchors> {
  const nlp = await loadNlp();
  // Parsed as the chooser parses a subject (a noun after "at long"), not matched by it.
  const doc = parseSubject(nlp, gold.subject);
  const chunks: string[] = doc
    .match('#Noun+')
    .not('(#Pronoun|#Possessive|#Value|#Place|#Person|#Organization)')
    .out('array');
  const lower = gold.subject.toLowerCase();
  // The head phrase, an "of" complement of it, and the next phrase.
  const picked = chunks.slice(0, 1);
  let next = 1;
  if (chunks[0] && chunks[1] && lower.includes(`${chunks[0].toLowerCase()} of `))
    picked.push(chunks[next++] ?? '');
  if (chunks[next]) picked.push(chunks[next] ?? '');
  const [, sub = ''] = gold.category.split('>').map((s) => s.trim());
  const anchorWords = new Set<string>();
  for (const chunk of picked) {
    const words = tokens(chunk);
    const pair = words.slice(-2).join(' ');
    if (words.length >= 2 && lemmaOf(pair)) anchorWords.add(lemmaOf(pair) ?? pair);
    // A compound the tagger split, its first word read as an adjective: "solar panels" is the
    // noun "solar panel" in WordNet, not a kind of panel.
    const before = lower.split(chunk.toLowerCase())[0]?.match(/([a-z]+)\s+$/)?.[1];
    const compound = before && words.length === 1 ? lemmaOf(`${before} ${words[0]}`) : undefined;
    if (compound) anchorWords.add(compound);
    for (const w of words) for (const l of lemmasOf(w)) anchorWords.add(l);
  }
  for (const w of tokens(sub))
    for (const l of lemmasOf(w).length ? lemmasOf(w) : tailOf(w)) anchorWords.add(l);
  const synsets = new Map<number, string>();
  const glossed = new Set<number>();
  const broader = new Set<number>();
  const wholes = new Set<number>();
  for (const w of anchorWords) {
    for (const h of synset(offsetsOf(w)[0] ?? -1).hypernyms ?? []) broader.add(h);
    for (const off of offsetsOf(w).slice(0, 2)) {
      synsets.set(off, w);
      for (const g of tokens(synset(off).gloss.split(';')[0] ?? ''))
        for (const o of offsetsOf(lemmaOf(g) ?? g).slice(0, 1)) if (narrow(o)) glossed.add(o);
    }
  }
  for (const off of [...synsets.keys(), ...glossed]) for (const h of synset(off).wholes) wholes.add(h);
  const words = new Set<string>();
  for (const w of tokens(`${gold.subject} ${gold.category}`)) {
    words.add(w);
    words.add(lemmaOf(w) ?? w);
  }
  return { synsets, glossed, broader, wholes, words };
}

/** A word before the picture's head that the brief does not say, nor anything it is a kind of. */
function foreign(modifier: string, anchors: Anchors, head: string): boolean {
  if (anchors.words.has(modifier) || anchors.words.has(lemmaOf(modifier) ?? '')) return false;
  // Part of a word of the brief: "health" of "healthcare".
  if (
    modifier.length >= 4 &&
    [...anchors.words].some((w) => w.length > modifier.length && w.includes(modifier))
  )
    return false;
  const own = offsetsOf(lemmaOf(modifier) ?? modifier).slice(0, 2);
  for (const [off] of ancestors(own, 3))
    for (const w of synset(off).words) {
      const k = w.toLowerCase();
      // A kind of what the brief says, or of the picture's own head ("baguette bread").
      if (anchors.words.has(k) || k === head) return false;
    }
  return true;
}

export function relevant(picture: LibraryPicture, anchors: Anchors): boolean {
  if (shows(picture, anchors)) return true;
  // "ear with hearing aid" shows a hearing aid too.
  const rest = picture.nameWords.slice(picture.phrase.split(' ').length).join(' ');
  const complement = rest.split(' ').filter((w) => !/^(without|facing|right|left)$/.test(w));
  if (complement.length === 0) return false;
  return shows(
    {
      ...picture,
      phrase: complement.join(' '),
      head: complement.at(-1) ?? '',
      modifiers: complement.slice(0, -1),
    },
    anchors,
  );
}

function shows(picture: LibraryPicture, anchors: Anchors): boolean {
  const compound = picture.phrase.includes(' ') && offsetsOf(picture.phrase).length > 0;
  const own = offsetsOf(compound ? picture.phrase : (lemmaOf(picture.head) ?? picture.head)).slice(0, 2);
  if (own.length === 0) return false;
  if (!compound && picture.modifiers.some((m) => foreign(m, anchors, picture.head))) return false;
  // An anchor or a kind of one; a kind of a noun of an anchor's gloss, or of what one is a part
  // of (a house shows its roof); one step broader.
  for (const [off] of ancestors(own, 3))
    if (anchors.synsets.has(off) || anchors.glossed.has(off) || anchors.wholes.has(off)) return true;
  if (own.some((o) => anchors.broader.has(o))) return true;
  // A mug of beer for a brewery: the word before the head is the glossed or anchored thing.
  for (const m of picture.modifiers)
    for (const [off] of ancestors(offsetsOf(lemmaOf(m) ?? m).slice(0, 1), 1))
      if (anchors.synsets.has(off) || anchors.glossed.has(off)) return true;
  return false;
}

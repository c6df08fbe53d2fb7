import { lemmaOf } from '../lexicon/wordnet.ts';
import type { Nlp } from '../text/nlp.ts';
import { articleFor, isPerson, phrasesOf } from './noun-phrases.ts';
import type { Language } from './patterns/types.ts';
import { type SubVertical, TAXONOMY } from './taxonomy/index.ts';

/** Where the taxonomy has no match: still a concrete, harmless scene (subject.ts prefers the product). */
export const FALLBACK = {
  category: 'local business > general',
  subject: 'a business owner welcoming a customer at the counter',
};

/** How much a cue counts where it is found: in the product phrase, the opening, anywhere. */
const WEIGHT = { product: 4, opening: 2, anywhere: 1 } as const;
/** The opening: the part of the brief that says what the business is. */
const OPENING_CHARS = 240;
/** Each further cue found anywhere: a tie-breaker between equally placed matches. */
const DISTINCT_CUE_WEIGHT = 0.1;

type Scored = { vertical: string; sub: SubVertical; score: number; order: number };

/** An elided article is a word of its own: "d'électricité" says "électricité" (in a cue too). */
const ELISION = /(^|\s)(qu|[dlnsjcmt])'(?=\p{L})/gu;

function normalise(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(ELISION, "$1$2' ")
    .replace(/[^\p{L}\p{N}'&+-]+/gu, ' ')} `;
}

/**
 * Whether a cue term occurs: a word with a plural ending, in German also inside compounds; a
 * phrase as its words in a row, each a prefix ("furgoneta camper" in "furgonetas camper",
 * "hearing aid" in "hearing aids").
 */
export function cueOccurs(text: string, cue: string, language: Language): boolean {
  const term = cue.toLowerCase().replace(/[’]/g, "'").replace(ELISION, "$1$2' ");
  const word = !term.includes(' ');
  if (word && term.length < 4) return text.includes(` ${term} `) || text.includes(`-${term} `);
  if (word && language === 'de' && term.length >= 5) return text.includes(term);
  return cuePattern(term).test(text);
}

/**
 * The pattern of a cue, built once per term. A phrase: its words in a row, each a prefix. A word:
 * with a plural ending at most: "roofer" finds "roofers", "bakery" "bakeries", but "lock" not
 * "lockdown" (a business name that says nothing of locks); the last part of a hyphenated word
 * is a word too ("Boutique-Gym").
 */
const cuePatterns = new Map<string, RegExp>();
function cuePattern(term: string): RegExp {
  let re = cuePatterns.get(term);
  if (!re) {
    const words = term.split(' ').map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const [word = ''] = words;
    const stem = term.endsWith('y') ? `(?:${word}|${word.slice(0, -1)}ies)` : word;
    re =
      words.length > 1
        ? new RegExp(` ${words.join('\\p{L}* ')}`, 'u')
        : new RegExp(`[ -]${stem}(?:e?s|x|['’]s)?(?![\\p{L}])`, 'u');
    cuePatterns.set(term, re);
  }
  return re;
}

function cuesOf(sub: SubVertical, language: Language): string[] {
  const own = sub.cues[language].split('|');
  return language === 'en' ? own : [...own, ...sub.cues.en.split('|').filter((c) => c.includes(' '))];
}

/** Every sub-vertical scored against the brief, best first. */
export function rankTaxonomy(input: {
  language: Language;
  product: string;
  summary: string;
  businessName?: string;
}): Scored[] {
  // A trade name often says the trade ("… Plumbing", "… Bakery"): it counts as the product does.
  const product = normalise(`${input.product} ${input.businessName ?? ''}`);
  const opening = normalise(input.summary.slice(0, OPENING_CHARS));
  const anywhere = normalise(input.summary);
  const scored: Scored[] = [];
  let order = 0;
  for (const vertical of TAXONOMY) {
    for (const sub of vertical.subs) {
      // Per place, the best cue found there counts (a phrase a little more than a word), so a
      // sub-vertical with many loose cues does not outscore one whose exact phrase is present.
      let score = 0;
      let distinct = 0;
      for (const [place, weight] of [
        [product, WEIGHT.product],
        [opening, WEIGHT.opening],
        [anywhere, WEIGHT.anywhere],
      ] as const) {
        let best = 0;
        for (const cue of cuesOf(sub, input.language)) {
          if (!cue || !cueOccurs(place, cue, input.language)) continue;
          best = Math.max(best, cue.includes(' ') ? 1.5 : 1);
          if (place === anywhere) distinct++;
        }
        score += weight * best;
      }
      score += distinct * DISTINCT_CUE_WEIGHT;
      scored.push({ vertical: vertical.name, sub, score, order: order++ });
    }
  }
  return scored.sort((a, b) => b.score - a.score || a.order - b.order);
}

/** The category (`vertical > sub-vertical`) and picture subject of a brief. */
export function placeInTaxonomy(input: {
  language: Language;
  product: string;
  summary: string;
  businessName?: string;
  nlp: Nlp | undefined;
}): { category: string; subject: string; cues: readonly string[] } {
  const best = rankTaxonomy(input)[0];
  if (!best || best.score === 0) return { ...FALLBACK, cues: [] };
  // The trade's English words: the scene's person and the brief's product are read against them.
  const cues = best.sub.cues.en.split('|');
  const scene = best.sub.subject;
  const subject = input.nlp ? inTheBriefsWord(scene, cues, input.summary, input.nlp) : scene;
  return { category: `${best.vertical} > ${best.sub.name}`, subject, cues };
}

/**
 * The scene's person in the word this brief uses for them. A sub-vertical's cue terms name its
 * trade in each of the ways briefs say it ("caregiver|carer"); when the scene opens with one of
 * them as a noun of its own ("a carer sharing …", not "a mortgage adviser") and the brief says
 * another that names a person, the brief's word is the truer one. English cues only: the scene
 * is English.
 */
function inTheBriefsWord(scene: string, cues: readonly string[], summary: string, nlp: Nlp): string {
  const opening = /^(?:(an?|the) )?(\p{L}+)\b/u.exec(scene);
  const word = opening?.[2]?.toLowerCase() ?? '';
  if (!opening || !openingNoun(nlp, scene, word)) return scene;
  const own = lemmaOf(word) ?? word;
  if (!cues.some((c) => (lemmaOf(c) ?? c) === own)) return scene;
  // The brief's nouns, each the head of its phrase: "veterinary" of "veterinary clinic" is none.
  const heads = phrasesOf(nlp, summary)
    .filter((p) => p.last !== false)
    .map((p) => p.head);
  const said = cues
    .filter((c) => !c.includes(' ') && (lemmaOf(c) ?? c) === c && c !== own && isPerson(c))
    .map((cue) => ({ cue, n: heads.filter((h) => h === cue).length }))
    .filter((c) => c.n > 0)
    .sort((a, b) => b.n - a.n)[0];
  if (!said) return scene;
  // Several stay several ("volunteers" → "helpers").
  const plural = word.startsWith(own) ? word.slice(own.length) : '';
  const article = opening[1] === 'the' ? 'the ' : opening[1] ? articleFor(said.cue) : '';
  return `${article}${said.cue}${plural}${scene.slice(opening[0].length)}`;
}

/** Whether `word`, the scene's first word after its article, is a noun on its own (no noun follows it). */
function openingNoun(nlp: Nlp, scene: string, word: string): boolean {
  const terms: Array<{ normal: string; tags: string[] }> = nlp(scene)
    .json()
    .flatMap((s: { terms: Array<{ normal: string; tags: string[] }> }) => s.terms)
    .filter((t: { tags: string[] }) => !t.tags.includes('Determiner'));
  const [first, next] = terms;
  const noun = (t: { tags: string[] } | undefined) =>
    !!t && t.tags.includes('Noun') && !t.tags.includes('Gerund');
  return first?.normal === word && noun(first) && !noun(next);
}

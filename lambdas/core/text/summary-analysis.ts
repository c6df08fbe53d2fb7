/**
 * Reads a free-text research summary the way a junior copywriter would skim it: what is sold,
 * to whom, which pains and benefits it names, what proof and numbers it gives, who it competes
 * with. Plain heuristics over sentences and cue phrases; everything is taken from the text
 * itself so different summaries give different angles.
 */
export type SummaryFacts = {
  /** The brand or product name, if the summary names one. */
  brand: string | undefined;
  /** What it is, as a noun phrase ("small-batch coffee subscription"). */
  product: string;
  /** Who it is for ("remote workers"). */
  audience: string | undefined;
  /** Pain clauses with their cue ("tired of stale supermarket beans"). */
  pains: string[];
  /** Benefit clauses with their cue ("so you can focus on patients", "saves 5 hours a week"). */
  benefits: string[];
  proof: string[];
  numbers: string[];
  competitors: string[];
  /** Salient content words, most frequent first, for anything the cues missed. */
  keywords: string[];
};

const STOP = new Set(
  'a an the and or but of for to in on at by with from into over under about as is are was were be been being it its this that these those they them their we our you your i me my he she his her not no so than then too very can will just our us who which what when where how all any each more most other some such only own same also get gets got has have had do does did make makes made'.split(
    ' ',
  ),
);

const clause = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:—-]+|[\s,;:—-]+$/g, '')
    .trim();

/** The phrase after a cue (or from it, with `keepCue`), up to the end of its clause. */
function after(sentence: string, cue: RegExp, maxWords = 9, keepCue = false): string | undefined {
  const match = cue.exec(sentence);
  if (!match) return undefined;
  const rest = sentence.slice(match.index + (keepCue ? 0 : match[0].length));
  const stop = rest.search(/[,.;:!?()]| - | — | but | while | which | because /i);
  const phrase = clause(stop >= 0 ? rest.slice(0, stop) : rest);
  const words = phrase.split(' ').filter(Boolean);
  return words.length > 0 ? words.slice(0, maxWords).join(' ') : undefined;
}

/** Words a cut phrase must not end on (connectives, articles, prepositions). */
export const DANGLING_WORDS: ReadonlySet<string> = new Set([
  '&',
  '-',
  '—',
  'and',
  'or',
  'but',
  'the',
  'a',
  'an',
  'with',
  'for',
  'to',
  'of',
  'in',
  'on',
  'at',
  'your',
  'our',
  'their',
  'by',
  'from',
  'who',
  'that',
  'which',
  'tired',
  'sick',
  'is',
  'are',
]);

/** Drops connectives and articles a cut left dangling at the end of a phrase. */
export function trimPhrase(phrase: string): string {
  const words = phrase.split(' ').filter(Boolean);
  while (words.length > 1 && DANGLING_WORDS.has((words.at(-1) ?? '').toLowerCase())) words.pop();
  return words.join(' ').replace(/[,;:]+$/, '');
}

/** A noun phrase ends where a clause or qualifier starts. */
function nounPhrase(phrase: string | undefined, cutAt: RegExp): string | undefined {
  if (!phrase) return undefined;
  const cut = phrase.search(cutAt);
  return trimPhrase(cut > 0 ? phrase.slice(0, cut) : phrase) || undefined;
}

function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map(clause)
    .filter((s) => s.length > 3);
}

function unique(items: (string | undefined)[], max: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of items) {
    if (!item) continue;
    const key = item.toLowerCase();
    if (seen.has(key) || item.length < 3) continue;
    seen.add(key);
    out.push(item);
    if (out.length === max) break;
  }
  return out;
}

const PAIN_CUES = [
  /\btired of\b/i,
  /\bsick of\b/i,
  /\bstruggl(?:e|es|ing) (?:with|to)\b/i,
  /\bfrustrated (?:by|with)\b/i,
  /\bhate\b/i,
  /\bworr(?:y|ied|ies) about\b/i,
  /\bwaste(?:s|d)?\b/i,
  /\bproblem(?:s)? (?:is|are|with)\b/i,
  /\bpain(?:s)? (?:is|are|of)\b/i,
  /\bcomplain(?:s)? (?:about|of|that)\b/i,
  /\bcan't\b|\bcannot\b/i,
  /\bno time (?:to|for)\b/i,
  /\bdread\b/i,
];
const BENEFIT_CUES = [
  /\bso (?:you|they|teams|customers) can\b/i,
  /\bhelps? (?:you |them |teams |customers )?(?:to )?/i,
  /\blets? (?:you|them|teams|customers)\b/i,
  /\bsaves?\b/i,
  /\bwithout\b/i,
  /\benjoy\b/i,
  /\bin (?:under|less than)\b/i,
  /\bbenefits? (?:is|are|include)\b/i,
];
const PROOF_CUE =
  /\b(?:customers?|clients?|users?|reviews?|rated|stars?|award|featured|trusted|subscribers?|patients?|teams?|companies|businesses|brands|growth|retention|repeat)\b/i;
const STRONG_PROOF = /\b(?:reviews?|rated|stars?|five-star|award|featured|trusted)\b/i;
const NUMBER =
  /(?:[$€£]\s?\d[\d,.]*\s?(?:k|m|bn)?|\b\d[\d,.]*(?:\s?(?:%|x\b|k\b|\+))?(?:\s(?:[a-z-]+s\b|hour|day|minute|week|month|year|star))?)/gi;
const COMPETITOR_CUES = [
  /\bunlike\b/i,
  /\bversus\b|\bvs\.?\b/i,
  /\bcompared (?:to|with)\b/i,
  /\binstead of\b/i,
  /\bbetter than\b/i,
  /\bcompetitors? (?:like|such as)\b/i,
  /\bswitch(?:ing)? from\b/i,
];

export function analyseSummary(summary: string, clientName?: string): SummaryFacts {
  const text = summary.replace(/\s+/g, ' ').trim();
  const sentences = sentencesOf(summary);
  const first = sentences[0] ?? text;

  // A leading proper name ("Ember & Oak roasts ...") or the client's name if it appears.
  const lead = /^((?:[A-Z][\w'’-]*|&)(?:\s+(?:[A-Z][\w'’-]*|&|of|and)){0,4})\s/.exec(first)?.[1];
  const brand =
    clientName && text.toLowerCase().includes(clientName.toLowerCase())
      ? clientName
      : lead && !/^(The|A|An|Our|We|This|It|Most|Many)$/.test(lead)
        ? lead
        : clientName;

  const productCut = / (?:and|with|for|that|which|who|to|from|in|by) /i;
  const product =
    nounPhrase(after(first, /\b(?:is|are) (?:a|an|the)\b/i, 7), productCut) ??
    nounPhrase(
      after(first, /\b(?:sells?|offers?|makes?|provides?|builds?|roasts?|runs?|delivers?)\b/i, 6),
      productCut,
    ) ??
    nounPhrase(after(text, /\b(?:our|the) (?:product|service|app|platform)\b(?: is)?/i, 6), productCut) ??
    brand ??
    'the product';

  const audience = sentences
    .map((s) =>
      nounPhrase(
        after(s, /\b(?:for|aimed at|built for|made for|designed for|targets?)\b/i, 6),
        / (?:tired|sick|who|that|which|with|and|to|in|from|looking) /i,
      ),
    )
    .find((a) => a !== undefined && !/^\d/.test(a));

  const pains = unique(
    sentences.flatMap((s) =>
      PAIN_CUES.map((cue) => nounPhrase(after(s, cue, 9, true), / (?:that|which|because|so|when|while) /i)),
    ),
    4,
  );
  const benefits = unique(
    sentences.flatMap((s) =>
      BENEFIT_CUES.map((cue) => nounPhrase(after(s, cue, 10, true), / (?:that|which|because|when|while) /i)),
    ),
    4,
  );
  const proof = unique(
    sentences
      // A definition ("X is a ...") is not proof, even with a number in it.
      .filter((s) => PROOF_CUE.test(s) && /\d/.test(s) && !/\b(?:is|are) (?:a|an)\b/i.test(s))
      // Third-party proof (reviews, ratings, awards) before head counts, before anything else.
      .map((s) => ({
        s,
        score:
          (STRONG_PROOF.test(s) ? 2 : 0) +
          (/\d[\d,.]*\s?(?:\+\s)?[a-z-]*(?:customers|users|subscribers|companies|teams|runners|patients|clients)/i.test(
            s,
          )
            ? 1
            : 0),
      }))
      .sort((a, b) => b.score - a.score)
      .map(({ s }) => clause(s).replace(/[.!?]+$/, '')),
    3,
  );
  const numbers = unique(
    [...text.matchAll(NUMBER)].map((m) => m[0].trim()).filter((n) => /\d/.test(n) && n.length > 1),
    5,
  );
  const competitors = unique(
    sentences.flatMap((s) => COMPETITOR_CUES.map((cue) => after(s, cue, 5))),
    3,
  );

  const counts = new Map<string, number>();
  for (const word of text.toLowerCase().match(/[\p{L}][\p{L}'-]{2,}/gu) ?? []) {
    if (!STOP.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const keywords = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([w]) => w)
    .slice(0, 12);

  return {
    brand,
    product: clause(product),
    audience,
    pains,
    benefits,
    proof,
    numbers,
    competitors,
    keywords,
  };
}

import type { Nlp } from './nlp.ts';

/**
 * What a research summary states, as typed facts. Every fact keeps the span of the summary it
 * came from (`start`/`end`, offsets into the summary as given), so anything written from a fact
 * can be traced back to the words of the brief. The extraction only ever copies or re-inflects
 * the brief's own words; it never adds a number or a claim.
 */
export type Span = { start: number; end: number };
export type Fact = { text: string; span: Span };

export const CATEGORIES = [
  'dtc_ecommerce',
  'b2b_saas',
  'local_service',
  'health_medical',
  'finance_insurance',
  'travel_hospitality',
  'education_app',
  'consumer_app',
] as const;
export type Category = (typeof CATEGORIES)[number];

export type Rating = Fact & {
  score: string;
  stars: boolean;
  platform?: string;
  count?: string;
  countNoun?: string;
};
export type Proof = Fact & { kind: 'count' | 'percent'; number: string };
export type Award = Fact & { title: string };

export type BriefFacts = {
  language: string;
  /** The summary as given: what every span points into. */
  sourceText: string;
  brand: Fact;
  /** The product or service as a noun phrase ("small-batch coffee subscription"). */
  product?: Fact;
  /** The article the brief puts before the product ("eine", "une"), for grammars that need it. */
  productArticle?: string;
  category: Category;
  /** Who it is for, a plural noun phrase ("remote workers"). */
  audience?: Fact;
  /** Pains as noun phrases ("stale supermarket beans", "surprise vet bills"). */
  pains: Fact[];
  /** Desired outcomes as imperative clauses ("Save an average of £1,200 a year on travel"). */
  outcomes: Fact[];
  ratings: Rating[];
  proofs: Proof[];
  /** An offer as a complete clause ("The first bag is free on any plan"). */
  offers: Fact[];
  /** Trial wording ("30-day free trial", "Try it free for 14 days"). */
  trial?: Fact;
  /** Entry price phrase ("$18 a month"). */
  price?: Fact;
  guarantee?: Fact;
  competitors: Fact[];
  /** The sentence that makes the comparison, with "it" resolved to the brand. */
  comparison?: Fact;
  awards: Award[];
  /** What it does, as complete clauses with the brand (or a noun) as subject. */
  features: Fact[];
};

export type Sentence = { text: string; start: number };

/** Sentences with their offsets; a full stop inside a number or a domain ("4.8", "Booking.com") does not end one. */
export function sentencesWithSpans(summary: string): Sentence[] {
  const out: Sentence[] = [];
  const re = /[^.!?\n]*(?:[.!?](?=[\p{L}\p{N}])[^.!?\n]*)*[.!?]*/gu;
  for (const m of summary.matchAll(re)) {
    const raw = m[0];
    if (!raw.trim()) continue;
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim();
    if (text.length > 3) out.push({ text, start: (m.index ?? 0) + lead });
  }
  return out;
}

const fact = (s: Sentence, text: string, from = s.text.indexOf(text)): Fact => {
  const at = from >= 0 ? from : 0;
  return { text, span: { start: s.start + at, end: s.start + at + text.length } };
};

const stripEnd = (t: string) => t.replace(/[\s,;:.!?]+$/u, '').trim();
export const capFirst = (t: string) => (t ? (t[0] ?? '').toUpperCase() + t.slice(1) : t);

/** Words a phrase must not end on: it would read as cut. */
export const DANGLING = new Set(
  (
    'a an the and or but of for to in on at by with from into onto over under about as than that which who whose ' +
    'your our their its his her my is are was were be been this these those & - — very more most so such ' +
    'el la los las un una de del y o con para por en que su sus der die das ein eine und oder mit für von zu im am ' +
    'le les une des et ou avec pour par dans au aux sur ses'
  ).split(' '),
);

/** Drops dangling words and punctuation from the end of a phrase. */
export function tidyEnd(phrase: string): string {
  const words = stripEnd(phrase).split(/\s+/).filter(Boolean);
  while (words.length > 1 && DANGLING.has((words.at(-1) ?? '').toLowerCase())) words.pop();
  return stripEnd(words.join(' '));
}

const NP_STOP =
  /,|;|\.(?!\d)|:| (?:who|that|which|because|so|when|while|but|looking|with|to|through|until|by|if|where)\b| and (?=(?:hate|worry|dread|lose|avoid|struggle|want|need|are|is)\b)/i;

/** A noun phrase starting at `from`, ending where a clause or qualifier starts. */
function nounPhraseAt(text: string, from: number, extraStop?: RegExp): string {
  const rest = text.slice(from);
  let end = rest.search(NP_STOP);
  if (extraStop) {
    const e = rest.search(extraStop);
    if (e >= 0 && (end < 0 || e < end)) end = e;
  }
  return tidyEnd(end >= 0 ? rest.slice(0, end) : rest);
}

/** `a and b` / `a, b and c` as separate phrases. */
const splitList = (np: string) =>
  np
    .split(/,\s*|\s+(?:and|or)\s+/)
    .map((p) => tidyEnd(p))
    .filter((p) => p.length > 1);

const CATEGORY_CUES: [Category, RegExp][] = [
  [
    'health_medical',
    /\b(dental|dentist|clinic|patients?|doctor|physio|therap|medical|health ?care|cl[ií]nica|praxis|zahnarzt)/i,
  ],
  [
    'finance_insurance',
    /\b(insurance|insurer|bank|loan|mortgage|claims?|premium|seguro|versicherung|assurance|bookkeeping|accounting|tax)\b/i,
  ],
  ['travel_hospitality', /\b(hotel|rooms?|guests|resort|stay|travel|hostel|restaurant|hotel)\b/i],
  ['b2b_saas', /\b(software|saas|platform|payroll|teams|employees|crm|b2b|dashboard|workflow|companies)\b/i],
  [
    'education_app',
    /\b(learn|learners|lessons?|course|tutors?|language|students?|school|idioma|sprach|langue)\b/i,
  ],
  ['local_service', /\b(salon|plumb|cleaning|repair|studio|gym in|barber|bakery|near you)\b/i],
  ['consumer_app', /\b(app|workout|fitness|members)\b/i],
  [
    'dtc_ecommerce',
    /\b(shop|order|ships?|bottle|serum|bikes?|e-bikes?|subscription|bag|delivery|store|buy)\b/i,
  ],
];

/** One category from the fixed taxonomy: the first whose cues the product sentence (else the whole brief) shows. */
export function categorise(productSentence: string, summary: string): Category {
  for (const text of [productSentence, summary]) {
    const scored = CATEGORY_CUES.map(([c, re], i) => ({
      c,
      i,
      n: (text.match(new RegExp(re, 'gi')) ?? []).length,
    }))
      .filter((x) => x.n > 0)
      .sort((a, b) => b.n - a.n || a.i - b.i);
    if (scored[0]) return scored[0].c;
  }
  return 'dtc_ecommerce';
}

const PAIN_CUES: [RegExp, (np: string) => string][] = [
  [/\b(?:tired|sick) of /i, (np) => np],
  [/\b(?:hate|hates|dread|dreads) /i, (np) => np],
  [/\b(?:worry|worries|worried|nervous|anxious) about /i, (np) => np],
  [/\bstruggl(?:e|es|ing) with /i, (np) => np],
  [/\bfrustrated (?:by|with) /i, (np) => np],
  [/\b(?:lose|lost) (?=\w+s\b)/i, (np) => `lost ${np}`],
];

const SUBJECT_PRONOUN = /^(?:it|we|they|the app|the platform|the service|the software)\b\s*/i;
const REVIEW_PLATFORMS =
  /^(?:G2|Trustpilot|Google|App Store|Booking\.com|Capterra|Yelp|Tripadvisor|Amazon)$/i;

/**
 * Reads a summary into facts. The English pass uses compromise for names and inflection; other
 * languages get the language-neutral facts (numbers, ratings, prices, offers, names, sentences)
 * and their phrase grammar does the rest.
 */
export function extractBriefFacts(
  summary: string,
  clientName: string,
  language: string,
  nlp?: Nlp,
): BriefFacts {
  const sentences = sentencesWithSpans(summary);
  const first = sentences[0] ?? { text: summary, start: 0 };
  const at = summary.toLowerCase().indexOf(clientName.toLowerCase());
  const brand: Fact =
    at >= 0
      ? { text: summary.slice(at, at + clientName.length), span: { start: at, end: at + clientName.length } }
      : { text: clientName, span: { start: 0, end: 0 } };
  const brandRe = new RegExp(`^${brand.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+`, 'i');

  // Product: "<Brand> is a|est un|ist ein|es un <NP>", "<Brand> sells|makes|offers <NP>".
  let product: Fact | undefined;
  let productArticle: string | undefined;
  let audience: Fact | undefined;
  const productRe =
    /\b(?:is|are|es|son|est|sont|ist|sind)\s+(?:an?|the|una|une|un|einen|eine|ein)?\s*|\b(?:sells|makes|offers|runs|builds|provides|vende|ofrece|fabrica|vend|propose|verkauft|bietet)\s+(?:an?|the|una|une|un|einen|eine|ein)?\s*/i;
  for (const s of [first, ...sentences.slice(1, 3)]) {
    const m = productRe.exec(s.text);
    if (!m) continue;
    const np = nounPhraseAt(s.text, m.index + m[0].length, / (?:for|on|in|para|en|pour|für|sur|à|zu)\b/i);
    if (np && np.split(' ').length <= 6 && !/\d{3,}/.test(np)) {
      product = fact(s, np, m.index + m[0].length);
      productArticle = /\b(an?|una|une|un|einen|eine|ein)\s*$/i.exec(m[0])?.[1]?.toLowerCase();
      const aud = / (?:for|para|pour|für) (?!\d)/i.exec(s.text.slice(m.index));
      if (aud) {
        const from = m.index + aud.index + aud[0].length;
        const a = nounPhraseAt(s.text, from, / (?:over|under|aged|in|de|mit|qui|que|die|en)\b/i);
        if (a && a.split(' ').length <= 6) audience = fact(s, a, from);
        // "women over 35": keep the qualifier when it is a number with its preposition.
        const over = /^(\s(?:over|under)\s\d+)/.exec(s.text.slice(from + (a?.length ?? 0)));
        if (audience && over?.[1]) audience = fact(s, a + over[1], from);
      }
      break;
    }
  }

  const pains: Fact[] = [];
  const outcomes: Fact[] = [];
  const ratings: Rating[] = [];
  const proofs: Proof[] = [];
  const offers: Fact[] = [];
  const awards: Award[] = [];
  const features: Fact[] = [];
  const competitors: Fact[] = [];
  let trial: Fact | undefined;
  let price: Fact | undefined;
  let guarantee: Fact | undefined;
  let comparison: Fact | undefined;

  for (const s of sentences) {
    const t = s.text;
    let used = false;

    for (const [cue, shape] of PAIN_CUES) {
      const re = new RegExp(cue.source, 'gi');
      for (const m of t.matchAll(re)) {
        const from = (m.index ?? 0) + m[0].length;
        const np = nounPhraseAt(t, from);
        for (const part of splitList(np)) {
          if (part.split(' ').length > 7 || /^(?:no|the dentist)$/i.test(part)) continue;
          if (nlp && !nlp(part).has('^(#Noun|#Adjective|#Gerund|#Determiner|#Value)')) continue;
          const shaped = shape(part);
          if (!pains.some((p) => p.text.toLowerCase() === shaped.toLowerCase()))
            pains.push(fact(s, shaped, t.indexOf(part)));
          used = true;
        }
      }
    }

    // Ratings: "4.8 stars from 2,300 reviews", "rated 4.7 on G2 from 1,100 reviews", "9.4 on Booking.com".
    const ratingRe =
      /(?<![\d.,])(\d{1,2}(?:[.,]\d)?)(?![\d.,]\d)(?:\s*(stars?|estrellas|[Ss]terne[n]?|étoiles))?(?:\s+(?:on|in|en|auf|sur)\s+((?:the\s+|la\s+|der\s+|le\s+)?(?:[A-Z][\w]*(?:\.[a-z]+)?|G2)(?:\s[A-Z][\w]*)?))?(?:\s+(?:from|de|aus|sur)\s+(?:more than\s+|over\s+|más de\s+|über\s+|plus de\s+)?(\d{1,3}(?:[.,\s]\d{3})+|\d+)\s+(\p{L}+))?/gu;
    for (const rating of t.matchAll(ratingRe)) {
      if (
        rating[1] &&
        (rating[2] || rating[3] || rating[4]) &&
        /(?<!\p{L})(rate|rated|rating|ratings|stars?|reviews|valorad\p{L}*|bewert\p{L}*|not[ée]s?|has|have|holds?|hat|tiene|a)(?!\p{L})/iu.test(
          t,
        ) &&
        Number(rating[1].replace(',', '.')) <= 10
      ) {
        ratings.push({
          ...fact(s, rating[0].trim(), rating.index),
          score: rating[1],
          stars: Boolean(rating[2]),
          ...(rating[3] ? { platform: rating[3] } : {}),
          ...(rating[4] ? { count: rating[4], countNoun: rating[5] } : {}),
        });
        used = true;
        break;
      }
    }

    // Percent proof: the clause from "83% of" to the end of the sentence.
    const pct = /(\d+(?:[.,]\d+)?\s?%)\s+(?:of|de|der|des)\s+[^,;]+/u.exec(t);
    if (pct?.[1]) {
      proofs.push({ ...fact(s, stripEnd(pct[0]), pct.index), kind: 'percent', number: pct[1] });
      used = true;
    }
    // Count proof: "More than 3,400 companies use it", "Over 150,000 pets are covered".
    const count =
      /^(?:(?:more than|over|más de|über|mehr als|plus de)\s+)?(\d{1,3}(?:[,.\s]\d{3})+|\d{3,})\s+\p{L}+[^,;.]*/iu.exec(
        t,
      );
    if (count?.[1] && !pct) {
      proofs.push({ ...fact(s, stripEnd(count[0]), 0), kind: 'count', number: count[1] });
      used = true;
    }

    const tr =
      /\b(\d+)-day free trial\b|\btry (?:it )?free for (\d+) days\b|\b(\d+) days free\b|\bprueba gratis de (\d+) días|\b(\d+) Tage kostenlos|\bessai gratuit de (\d+) jours/i.exec(
        t,
      );
    if (tr) {
      trial = fact(s, tr[0], tr.index);
      used = true;
    }
    const free =
      /\b(?:(?:the|your|our)\s+)?first\s+\p{L}+\s+(?:is|are)\s+free\b(?: on any plan)?|\b(?:la|tu|su) primera \p{L}+ es gratis\b|\b(?:die|deine|ihre) erste \p{L}+ ist kostenlos\b|\b(?:la|votre|ta) premi[èe]re \p{L}+ est (?:gratuite|offerte)\b/iu.exec(
        t,
      );
    if (free) {
      offers.push(fact(s, free[0], free.index));
      used = true;
    }
    const newCustomer =
      /\bnew (?:patients|customers|members|clients) get ([^.]+?) for ([$£€]\d[\d,.]*)/i.exec(t);
    if (newCustomer) {
      offers.push(fact(s, stripEnd(newCustomer[0]), newCustomer.index));
      used = true;
    }
    const pr =
      /\b(?:start(?:s)? at|from|desde|ab|à partir de|costs?|cuesta|kostet|coûte)\s+((?:[$£€]\s?\d[\d,.]*|\d[\d,.]*\s?€)(?:\s(?:a|per|al|pro|par)\s(?:month|night|year|employee per month|mes|noche|Monat|Nacht|mois|nuit))?)/iu.exec(
        t,
      ) ??
      /\b(?:then|only|just)\s+([$£€]\s?\d[\d,.]*(?:\s(?:a|per) (?:month|night|year|employee per month))?)/u.exec(
        t,
      );
    if (pr?.[1] && !price) {
      price = fact(s, stripEnd(pr[1]), t.indexOf(pr[1]));
      used = true;
    }
    const guar =
      /\b\d+-day money-back guarantee\b|\bmoney-back guarantee\b|\bwe replace it free\b|\bfull refund\b|\bgarant[ií]a de devoluci[oó]n\b|\bGeld-zurück-Garantie\b|\bsatisfait ou rembours[ée]\b/iu.exec(
        t,
      );
    if (guar) {
      guarantee = fact(s, stripEnd(t), 0);
      used = true;
    }

    // Awards: "won Allure's Best of Beauty award in 2025", "named Best Folding E-Bike 2025 by Cycling Weekly".
    const aw =
      /\b(?:[Ww]on|wins|[Nn]amed|[Vv]oted|[Aa]warded|holds|winner of|ganador del?|premiado con|ausgezeichnet mit|lauréat du|élu)\s+(?:an?\s+|the\s+)?((?:[A-Z0-9][\p{L}\d'’.-]*)(?:\s+(?:of|in|for|de|des|für|[A-Z0-9][\p{L}\d'’.-]*))*(?:\s+award)?)/u.exec(
        t,
      );
    if (aw?.[1]) {
      let clause = stripEnd(t);
      if (/^(?:it|we)\s+/i.test(clause)) clause = clause.replace(/^(?:it|we)\s+/i, `${brand.text} `);
      else if (/^(?:voted|named|awarded)\b/i.test(clause))
        clause = `${brand.text}: ${clause[0]?.toLowerCase()}${clause.slice(1)}`;
      awards.push({
        ...fact(s, clause, 0),
        title: tidyEnd(aw[1].replace(/\s+(?:for|in|of)\s+(?:Fall|Spring|Summer|Winter)\b.*$/, '')),
      });
      used = true;
    }

    // Competitors: proper names in a sentence that compares.
    const cmp =
      /\b(?:unlike|compared (?:with|to)|switching from|switch from|versus|vs\.?|instead of|better than|a diferencia de|comparado con|im Vergleich zu|anders als|contrairement à|par rapport à)\s+/iu.exec(
        t,
      );
    if (cmp) {
      const from = cmp.index + cmp[0].length;
      const names = nounPhraseAt(t, from, / (?:usually|every|is|are|it|costs)\b/i);
      for (const n of splitList(names)) {
        if (/^\p{Lu}/u.test(n) && !REVIEW_PLATFORMS.test(n) && n !== brand.text)
          competitors.push(fact(s, n, t.indexOf(n)));
      }
      if (competitors.length > 0) {
        const resolved = stripEnd(t).replace(/,\s+it\s+/i, `, ${brand.text} `);
        comparison = fact(s, resolved, 0);
        used = true;
      }
    }

    // Outcomes: "<Audience noun> save|get|practise ..." → an imperative.
    const out =
      /^(?:riders|customers|users|learners|members|owners|teams|guests|patients|subscribers|clients|parents|you)\s+((?:save|get|practise|practice|cut|spend|sleep|feel|keep|learn|earn|finish|speak|hold)\b.*)$/i.exec(
        stripEnd(t),
      );
    if (out?.[1] && !/\bswitching\b/i.test(t)) {
      outcomes.push(fact(s, capFirst(out[1]), t.indexOf(out[1])));
      used = true;
    }

    if (!used && s !== first) {
      // A feature: a clause whose subject is the brand, "it", "we" or a plain noun, with a verb.
      const clauses = stripEnd(t).split(/,\s+(?:and|so)\s+|;\s+/);
      for (const raw of clauses) {
        let c = raw.trim();
        if (SUBJECT_PRONOUN.test(c) && /^(?:it|the app|the platform|the service|the software)\b/i.test(c))
          c = c.replace(SUBJECT_PRONOUN, `${brand.text} `);
        if (c.split(' ').length < 3 || c.split(' ').length > 16) continue;
        if (nlp && !nlp(c).has('#Verb')) continue;
        if (/^(?:many|most|some)\b/i.test(c)) continue;
        features.push(fact(s, capFirst(c), t.indexOf(raw.trim())));
      }
    }
  }
  if (brandRe.test(first.text)) {
    // The brand's own definition is not a feature; kept for the category only.
  }

  const category = categorise(first.text, summary);
  return {
    language,
    sourceText: summary,
    brand,
    ...(product ? { product } : {}),
    ...(productArticle ? { productArticle } : {}),
    category,
    ...(audience ? { audience } : {}),
    pains: pains.slice(0, 4),
    outcomes: outcomes.slice(0, 3),
    ratings,
    proofs,
    offers,
    ...(trial ? { trial } : {}),
    ...(price ? { price } : {}),
    ...(guarantee ? { guarantee } : {}),
    competitors,
    ...(comparison ? { comparison } : {}),
    awards,
    features: features.slice(0, 5),
  };
}

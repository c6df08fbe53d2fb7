import type { FactRole } from '../schema.ts';
import type { Pattern } from './types.ts';

/**
 * Cue patterns for unlabelled text: what a sentence is for (audience, tone, a legal note, a
 * remark about the campaign itself) and, for facts, their role. Language-neutral where the cue
 * is a symbol or a figure; otherwise one alternation per language (en, es, de, fr). Each pattern
 * carries the examples that are its unit test.
 */
export type RoleCue = Pattern & { role: FactRole };

/** A sentence that says who the ads are for; the match is the cue, the audience follows it. */
export const AUDIENCE_CUE: Pattern = {
  id: 'audience-cue',
  re: /^(?:(?:we|she|he|they|I)(?:'d| would)? (?:want|like|wants|need|needs|hope|aim)s? to (?:reach|talk to|target|speak to|find)|(?:our )?target(?: audience)?(?: is| are)?|audience (?:is|are)(?: really| mainly| mostly)?|(?:it's|this is) (?:aimed at|for)|aimed at|most (?:of our )?(?:customers|clients|students|members|buyers|users|guests|patients) are|(?:nuestro )?público(?: objetivo)? (?:son|es)|queremos (?:llegar a|llegar|hablar con|atraer a)|(?:va )?dirigido a|unsere kunden sind(?: meist| vor allem| überwiegend)?|wir (?:wollen|möchten) .{0,40}? erreichen|zielgruppe (?:sind|ist)|nous (?:voulons|souhaitons) (?:toucher|atteindre|parler à)|(?:on )?s'adresse à|nos clients sont(?: surtout| souvent)?)\s*:?\s*/iu,
  examples: [
    { text: 'We want to reach parents of teenagers', match: 'We want to reach ' },
    { text: "We'd like to reach new owners", match: "We'd like to reach " },
    { text: 'Target: first-time buyers', match: 'Target: ' },
    { text: 'Audience is really night-shift workers', match: 'Audience is really ' },
    { text: 'Unsere Kunden sind meist Familien', match: 'Unsere Kunden sind meist ' },
    { text: 'Queremos llegar a familias jóvenes', match: 'Queremos llegar a ' },
    { text: 'Nous voulons toucher les jeunes parents', match: 'Nous voulons toucher ' },
    { text: 'Our vans are electric', match: null },
  ],
};

/** A tone line, written as a sentence rather than under a label. */
export const TONE_CUE: Pattern = {
  id: 'tone-cue',
  re: /^(?:tone|the tone|voice|tono|el tono|tonalität|der ton|ton|le ton)\b(?: should be| must be| is| debe ser| sollte| doit être)?\s*:?\s*/iu,
  examples: [
    { text: 'Tone should be warm and neighbourly', match: 'Tone should be ' },
    { text: 'Le ton doit être complice', match: 'Le ton doit être ' },
    { text: 'Tonnes of stock', match: null },
  ],
};

/** A legal note or a "don't": guidance for the copy policy, never a fact. */
export const AVOID_CUE: Pattern = {
  id: 'avoid-cue',
  re: /(?:\blegal (?:says|hasn't|has not|won't|needs)|\bmust(?: not|n't) (?:say|claim|mention|show|name|use)|\b(?:please )?(?:don't|do not|never) (?:name|say|claim|mention|use|show|call)|\bno claims? (?:that|of|about)|\bads? (?:must|can|should)(?: not|n't)|\bwe can only say|\bno (?:mencionar|decir)|\bno se puede (?:decir|prometer)|\bnicht (?:sagen|versprechen|werben|nennen)|\bdürfen (?:wir )?nicht|\bne (?:pas|jamais) (?:dire|promettre|mentionner|citer)|\binterdit de)/iu,
  examples: [
    { text: 'legal says we can only say hundreds less', match: 'legal says' },
    { text: 'so ads must not say cover is included', match: 'ads must' },
    { text: "please don't name them in ads", match: "please don't name" },
    { text: 'no claims that it is the best', match: 'no claims that' },
    { text: 'Do not show pets', match: 'Do not show' },
    { text: 'we say it plainly', match: null },
  ],
};

/** A remark about the brief or the campaign itself ("This campaign is…"): context, not a claim. */
export const META_CUE: Pattern = {
  id: 'meta-cue',
  re: /^(?:(?:ok|okay|so|right),? )?(?:(?:[\p{L}-]+ ){0,2}(?:campaign|drive|push|launch|promo|brief)$|this (?:campaign|brief|ad|push|launch)|the (?:campaign|brief|kickoff)|a bit of background|quick context|for context|background|esta campaña|el briefing|diese kampagne|das briefing|cette campagne|le brief)\b/iu,
  examples: [
    { text: 'This campaign is candidate-side, not client-side.', match: 'This campaign' },
    { text: 'OK so a bit of background on the kickoff', match: 'OK so a bit of background' },
    { text: 'Spring membership drive', match: 'Spring membership drive' },
    { text: 'The panels last', match: null },
  ],
};

/** Roles of unlabelled facts, most specific first: the first cue that matches decides. */
export const ROLE_CUES: readonly RoleCue[] = [
  {
    id: 'guarantee',
    role: 'guarantee',
    re: /\b(?:guarantee[ds]?|warranty|money[- ]back|we re-\w+ free|no fix,? no fee|garant[íi]a|garantizamos|garantiert?|garantieren|Garantie|garantie|garanti[se]?|remboursé)\b|\b\d+-(?:night|day) (?:trial|risk-free)/iu,
    examples: [
      { text: 'Panels carry a 25-year manufacturer warranty', match: 'warranty' },
      { text: 'garantieren wir einen festen Termin', match: 'garantieren' },
      { text: 'a 100-night trial, free returns', match: '100-night trial' },
      { text: 'fast delivery', match: null },
    ],
  },
  {
    id: 'offer',
    role: 'offer',
    re: /\b(?:free (?:\w+ )?(?:survey|trial|consultation|quote|class|lesson|session|month|week|delivery|inspection|installation|check)|first (?:\w+ )?(?:free|for|at) |\d+\s?% off|discount|half price|promo code|this (?:month|week) only|limited time|early[- ]bird|bursary|launch (?:party|offer)|descuento|gratis|primera? \w+ (?:gratis|por|a)|kostenlose?|gratis|Rabatt|Aktion|offert[e]?|gratuit[e]?|remise|réduction|première \w+ à)\b/iu,
    examples: [
      { text: 'free drone roof survey, booked within 48 hours', match: 'free drone roof survey' },
      { text: 'First class free, no card needed', match: 'First class free' },
      { text: '10% de descuento en febrero', match: 'descuento' },
      { text: '2 kostenlose Probestunden', match: 'kostenlose' },
      { text: 'première box à 29 €', match: 'première box à ' },
      { text: 'a free mind', match: null },
    ],
  },
  {
    id: 'competitor',
    role: 'competitor',
    re: /\b(?:competitors?|than (?:\p{Lu}\w+|leading|other|most|the big)|unlike (?:\p{Lu}\w+|other|most|the)|other (?:local )?(?:practices|agencies|firms|providers|brands)|la competencia|competidores|Wettbewerber|Konkurrenz|concurrents?)\b/iu,
    examples: [
      { text: 'about $600 less than Acme’s model', match: 'than Acme' },
      { text: 'which many competitors charge for', match: 'competitors' },
      { text: 'more than ever', match: null },
    ],
  },
  {
    id: 'proof',
    role: 'proof',
    re: /(?:\d(?:[.,]\d)?\s?\/\s?(?:5|10)\b|\b\d(?:[.,]\d)?\s?(?:stars?|estrellas|Sterne|étoiles)\b|\breviews?\b|\bopiniones\b|\bBewertungen\b|\bavis\b|\brated\b|\bawards?\b|\bwon\b|\bwinner\b|\bgold at\b|\branked\b|\baccredited\b|\bcertified\b|\bapproved\b|\blicensed\b|\bregistered\b|\bmember\b|\bsince \d{4}\b|\bdesde \d{4}\b|\bseit \d{4}\b|\bdepuis \d{4}\b|\b\d+\+? (?:yrs|years) (?:in business|of experience|experience)?|\b\d+\+? (?:yrs|years)\b|\b\d+\s?%\s(?:of|de|der|des)\b|\bmás de [\d.]+|\bover [\d,]+|\bpremiad[oa]|\bausgezeichnet|\bprimé|\bcertifi[ée]|\bzertifiziert|\bacreditad[oa])/iu,
    examples: [
      { text: '4.9/5 on a review site', match: '4.9/5' },
      { text: 'family-run since 1987', match: 'since 1987' },
      { text: '94% of parents re-enroll', match: '94% of' },
      { text: 'SOC 2 Type II certified', match: 'certified' },
      { text: 'más de 15.000 mudanzas', match: 'más de 15.000' },
      { text: 'tastes good', match: null },
    ],
  },
  {
    id: 'price',
    role: 'price',
    re: /(?:(?:AUD|USD|MXN|£|\$|€)\s?\d|\d\s?(?:€|euros?)\b|\b(?:price|priced|costs?|per month|a month|\/month|precio|Preis|prix|tarif)\b)/iu,
    examples: [
      { text: 'Term is 10 weeks, $249', match: '$2' },
      { text: '49 € par mois', match: '9 €' },
      { text: 'a great team', match: null },
    ],
  },
  {
    id: 'objection',
    role: 'objection',
    re: /\b(?:worr(?:y|ied|ies|ying)|objections?|afraid|concerns?|think (?:it's|they're|we're)|I thought|skeptical|sceptical|too (?:small|expensive|complicated)|preocupa|miedo a|Angst vor|Bedenken|peur de|craignent)\b/iu,
    examples: [
      { text: 'people worrying a bed will sag', match: 'worrying' },
      { text: 'Angst vor Bauverzögerungen', match: 'Angst vor' },
      { text: 'great views', match: null },
    ],
  },
  {
    id: 'pain',
    role: 'pain',
    re: /\b(?:frustrat\w*|complaints?|tired of|sick of|fed up|struggl\w+|stuck|fear|hate|pain|problem|burnt out|stress\w*|hassle|cansad[oa]s? de|problemas?|Ärger|Stress|Frust|müde|marre de|galère|problème)\b/iu,
    examples: [
      { text: 'sick of keyboards that drop inputs', match: 'sick of' },
      { text: 'the biggest complaint we hear', match: 'complaint' },
      { text: 'a sunny terrace', match: null },
    ],
  },
  {
    id: 'differentiator',
    role: 'differentiator',
    re: /\b(?:only|unique|never|not part of|own (?:staff|team|hospital|fleet)|in-house|independent|no (?:subcontractors|middlemen|call centres?)|family-run|sets us apart|unlike|same \w+ each|sin intermediarios|único|eigene[nm]?|ohne Subunternehmer|inhabergeführt|seul[e]?|unique)\b/iu,
    examples: [
      { text: 'all our installers are our own staff', match: 'own staff' },
      { text: 'mit eigenen Schreinern', match: 'eigenen' },
      { text: 'a nice day', match: null },
    ],
  },
  {
    id: 'benefit',
    role: 'benefit',
    re: /\b(?:so (?:you|they|students|members|kids)|pays for itself|saves?|helps?|faster|in (?:just )?\d+ (?:minutes|hours|days)|without|you get|ahorra|spart|économis\w+)\b/iu,
    examples: [
      { text: 'pays for itself in 2 visits', match: 'pays for itself' },
      { text: 'a tall tree', match: null },
    ],
  },
];

import type { LabelTarget } from './label-targets.ts';
import { LABELS_DE } from './labels-de.ts';
import { LABELS_EN } from './labels-en.ts';
import { LABELS_ES } from './labels-es.ts';
import { LABELS_FR } from './labels-fr.ts';
import type { Language, Pattern } from './types.ts';

export type { LabelTarget } from './label-targets.ts';

/** Looked up in the brief's language first, then in English (agencies mix English labels in). */
export const LABELS: Readonly<Record<Language, Readonly<Record<string, LabelTarget>>>> = {
  en: LABELS_EN,
  es: LABELS_ES,
  de: LABELS_DE,
  fr: LABELS_FR,
};

/**
 * What a label may add after the section's name about the campaign it is for ("Hero products
 * for this campaign:", "Angebot für diese Kampagne:"): dropped before the lexicon lookup.
 */
export const LABEL_QUALIFIER: Pattern = {
  id: 'label-qualifier',
  re: /\s+(?:for|in|of|para|en|de|für|in|pour|dans) (?:this|the|esta|la|diese|der|cette|la) (?:campaign|push|launch|brief|ads?|flight|wave|burst|campaña|oleada|kampagne|welle|campagne|vague)$|\s+(?:this|next) (?:month|week|season|quarter|spring|summer|autumn|fall|winter|time|round)$|\s+(?:19|20)\d\d$|\s+(?:(?:that|which) )?(?:we|I) (?:get|hear|see)(?: (?:most|a lot|most often|all the time))?$|\s+que (?:más )?(?:nos (?:hacen|preguntan)|(?:recibimos|oímos|escuchamos))(?: más)?$|\s+qu['’]on (?:nous pose|entend)(?: le plus)?$|\s+die wir (?:am häufigsten |oft )?(?:hören|bekommen)$/iu,
  examples: [
    { text: 'hero products for this campaign', match: ' for this campaign' },
    { text: 'oferta para esta campaña', match: ' para esta campaña' },
    { text: 'offer for this flight', match: ' for this flight' },
    { text: 'offer this month', match: ' this month' },
    { text: 'Chiffres 2026', match: ' 2026' },
    { text: 'Biggest question we get', match: ' we get' },
    { text: 'The question we hear most', match: ' we hear most' },
    { text: 'La pregunta que más nos hacen', match: ' que más nos hacen' },
    { text: "La question qu'on nous pose le plus", match: " qu'on nous pose le plus" },
    { text: 'offer', match: null },
  ],
};

/**
 * A label set off by a spaced dash or equals sign instead of a colon ("Pain points - …",
 * "Target = …"): read as a label only when its words are one of {@link LABELS}.
 */
export const DASH_LABEL: Pattern = {
  id: 'dash-label',
  re: /^\s*([\p{L}][\p{L}'’]*(?: [\p{L}'’]+){0,3})\s[-–—=]\s+/u,
  examples: [
    { text: 'Pain points - cowboy builders, quotes that balloon', match: 'Pain points - ' },
    { text: 'Social proof – best in town', match: 'Social proof – ' },
    { text: 'Target = retirees and young families', match: 'Target = ' },
    { text: '4.8/5 - 320 reviews', match: null },
  ],
};

/** An article or possessive before a label's word ("La cible :", "Our audience:"): the label is the word. */
export const LABEL_ARTICLE: Pattern = {
  id: 'label-article',
  re: /^(?:(?:the|our|their|la|le|les|el|los|las|nuestro|nuestra|nuestros|su|sus|die|der|das|unsere?|ihre?|notre|nos|leurs?)\s+|l['’])(?=\p{L})/iu,
  examples: [
    { text: 'la cible', match: 'la ' },
    { text: 'Leur crainte', match: 'Leur ' },
    { text: 'Ihre größte Sorge', match: 'Ihre ' },
    { text: "l'offre", match: "l'" },
    { text: 'our audience', match: 'our ' },
    { text: 'offer', match: null },
    { text: 'lentes', match: null },
  ],
};

/**
 * A quotation led in by a label that carries words of its own ("Customer quote we love, from a
 * regular at the counter: “…”"): the lead-in is the brief's label and remark, the quotation the claim.
 * The lead-in's first words must be a label of {@link LABELS} (segment.ts reads them).
 */
export const QUOTE_LEAD_IN: Pattern = {
  id: 'quote-lead-in',
  re: /^\s*([\p{L}][^:\n"“”«»„]{0,100}?)\s?:\s+(?=["“«„])/u,
  examples: [
    {
      text: 'Customer quote we love, from a regular: “Best pie in town.”',
      match: 'Customer quote we love, from a regular: ',
    },
    { text: 'Cita de una clienta : «Muy amables»', match: 'Cita de una clienta : ' },
    { text: 'Quote: no quotation marks here', match: null },
  ],
};

/**
 * A label at the start of a line or sentence: one to five words, then a colon (French puts a
 * space before it). The words are looked up in {@link LABELS}; an unknown label is left as text.
 */
export const LABEL_PATTERN: Pattern = {
  id: 'label',
  re: /^\s*(?:\*\*|__)?([\p{L}][\p{L}\d'’?]*(?:[ \-/&](?:#\d|[\p{L}'’?]+)){0,4}(?: (?:19|20)\d\d)?)(?:\*\*|__)?(?:\s?:|\s*\.{3,}|\s*…+)(?:\*\*|__)?\s+/u,
  examples: [
    { text: 'Proof points: rated highly', match: 'Proof points: ' },
    { text: 'Marque : une maison', match: 'Marque : ' },
    { text: 'Was uns unterscheidet: feste Preise', match: 'Was uns unterscheidet: ' },
    { text: 'Discovery flight $99: 30 minutes', match: null },
    { text: 'Q1 promo: first 3 months free', match: 'Q1 promo: ' },
    { text: 'Chiffres 2026 : 18 000 festivaliers', match: 'Chiffres 2026 : ' },
    { text: 'Service ....... teeth whitening', match: 'Service ....... ' },
    { text: '**Proof:** 4.9/5 from 640 reviews', match: '**Proof:** ' },
    { text: '**Offer**: a free visit', match: '**Offer**: ' },
    { text: "Homeowners' #1 question: will it pay off?", match: "Homeowners' #1 question: " },
    { text: 'We said this: that', match: 'We said this: ' },
  ],
};

/**
 * A label that names the section by what annoys the customers ("Was unsere Patienten nervt:",
 * "What drives them mad:"): its items are pains, whoever says it.
 */
export const PAIN_LABEL: Pattern = {
  id: 'pain-label',
  re: /(?<![\p{L}\d_])(?:complaints?|quejas?|plaintes?|Beschwerden?|nervt|stört|ärgert|frustriert|hassen|annoys?|frustrates?|bugs|drives? \p{L}+ (?:mad|crazy)|hates?|can't stand|molesta|fastidia|odian|agace|énerve|frustre|détestent)(?![\p{L}\d_])/iu,
  examples: [
    { text: 'Was unsere Patienten nervt', match: 'nervt' },
    { text: 'What drives them mad', match: 'drives them mad' },
    { text: 'lo que más molesta', match: 'molesta' },
    { text: 'customers hate', match: 'hate' },
    { text: 'Top complaint about other offices', match: 'complaint' },
    { text: 'ce qui les énerve', match: 'énerve' },
    { text: 'What we do', match: null },
  ],
};

/**
 * A label that names the section by what customers say ("Was Patienten sagen:", "What clients
 * say:", "Ce que disent nos clients :", "Patients say:"): its items are their words, the proof.
 */
export const SAYS_LABEL: Pattern = {
  id: 'says-label',
  re: /^(?:(?:what|was|ce que|lo que)\b.*\b(?:say|says|said|sagen|sagten|disent|dicen|opinan)\b|(?:(?:our|the|unsere|die|nos|les|nuestros|los|las)\s)?\p{L}+\s(?:say|says|said|sagen|sagten|disent|dicen|opinan)$)/iu,
  examples: [
    { text: 'Was Patienten sagen', match: 'Was Patienten sagen' },
    { text: 'Ce que disent nos clients', match: 'Ce que disent' },
    { text: 'patients say', match: 'patients say' },
    { text: 'our guests said', match: 'our guests said' },
    { text: 'What we do', match: null },
    { text: 'patients', match: null },
  ],
};

/**
 * A label that names the section by what customers value ("Ce que les parents apprécient :",
 * "What clients love:"): its items are benefits.
 */
export const PRAISE_LABEL: Pattern = {
  id: 'praise-label',
  re: /^(?:what|ce que|ce qu'|lo que|was)\b.*\b(?:love|loves|like|likes|appreciate|value|apprécient|adorent|aiment|valoran|les encanta|les gusta|schätzen|lieben|mögen)\b/iu,
  examples: [
    { text: 'Ce que les parents apprécient', match: 'Ce que les parents apprécient' },
    { text: 'What clients love', match: 'What clients love' },
    { text: 'Customers hate', match: null },
  ],
};

/**
 * A label that names the section by what the audience fears ("What they worry about:", "Ce
 * qu'ils redoutent :", "Lo que más temen:", "Was sie befürchten:"): its items are objections.
 */
export const WORRY_LABEL: Pattern = {
  id: 'worry-label',
  re: /^(?:what|ce qu['’e]|lo que|was)\b.*\b(?:worr(?:y|ies|ied)|fear|fears|dread|dreads|are afraid of|(?:are|'re) scared of|redoutent|craignent|temen|les preocupa|befürchten|fürchten)(?: about| of)?\b/iu,
  examples: [
    { text: 'What they worry about', match: 'What they worry about' },
    { text: "Ce qu'ils redoutent", match: "Ce qu'ils redoutent" },
    { text: 'Lo que más temen', match: 'Lo que más temen' },
    { text: 'Was sie befürchten', match: 'Was sie befürchten' },
    { text: "What they're scared of", match: "What they're scared of" },
    { text: 'What clients love', match: null },
  ],
};

/**
 * A label that names the section by what the audience asks ("Parents often ask:", "Kunden fragen
 * uns oft:", "Los padres nos preguntan:"): its items are their questions, objections.
 */
export const ASKED_LABEL: Pattern = {
  id: 'asked-label',
  re: /^(?:(?:our|the|unsere|die|nuestros|los|las|nos|les)\s)?\p{L}+\s(?:(?:often|always|oft|immer|siempre|souvent)\s)?(?:(?:nos|nous)\s)?(?:ask|asks|fragen|preguntan|demandent)(?:\s(?:us|uns))?(?:\s(?:often|oft|immer wieder|häufig|siempre|souvent))?$/iu,
  examples: [
    { text: 'Kunden fragen uns oft', match: 'Kunden fragen uns oft' },
    { text: 'Parents often ask', match: 'Parents often ask' },
    { text: 'Los padres nos preguntan', match: 'Los padres nos preguntan' },
    { text: 'Parents tell us', match: null },
  ],
};

/**
 * A section of things the ads must not say, named by its negation rather than by a word of the
 * lexicon ("Claims we can't make", "Things not to say", "Was wir nicht sagen dürfen").
 */
export const NEGATED_LABEL: Pattern = {
  id: 'negated-label',
  re: /(?:\b(?:can't|can’t|cannot|can not|mustn't|must not|don't|don’t|do not|never|not allowed|not to|no-go|off-limits|banned|forbidden)\b|\bno (?:(?:podemos|se puede|debemos) )?(?:decir|mencionar|usar|prometer)\b|\bprohibid[oa]s?\b|\bnicht (?:sagen|erlaubt|nennen|verwenden|erwähnen)\b|\bnicht\b.*\bdürfen\b|\bverboten\b|\binterdit(?:e|s|es)?\b|(?<![\p{L}])à éviter\b|\bne (?:pas|jamais) (?:dire|utiliser)\b)/iu,
  examples: [
    { text: "claims we can't make", match: "can't" },
    { text: 'things not to say', match: 'not to' },
    { text: 'was wir nicht sagen dürfen', match: 'nicht sagen' },
    { text: 'lo que no podemos decir', match: 'no podemos decir' },
    { text: 'claims we can make', match: null },
  ],
};

/**
 * A label written in capitals that the lexicon does not know ("STUDIO : …", "COURS : …"): the
 * brief's own section name, never copy; what follows is read as if unlabelled. Four letters at
 * least, no figures: "UK: free delivery", "ISO 9001: certified" keep their words.
 */
export const CAPITAL_LABEL: Pattern = {
  id: 'capital-label',
  re: /^\s*(?=(?:[^\p{L}]*\p{Lu}){4})\p{Lu}[\p{Lu}'’ ]{2,30}?\s?:\s+/u,
  examples: [
    { text: 'STUDIO : Yoga Lumière, Bordeaux', match: 'STUDIO : ' },
    { text: 'COURS : vinyasa, yin', match: 'COURS : ' },
    { text: 'UK: free delivery', match: null },
    { text: 'ISO 9001: certified', match: null },
    { text: 'Studio: a bright room', match: null },
  ],
};

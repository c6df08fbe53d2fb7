import type { Pattern } from './types.ts';

/**
 * How briefs lay text out: bullets, separators between items, abbreviations that end in a full
 * stop without ending the sentence. Language-neutral except the abbreviations, listed per language.
 */
export const BULLET: Pattern = {
  id: 'bullet',
  re: /^\s*(?:[-•*·▪▸►–—✓✔]|\d{1,2}[.)])\s+/u,
  examples: [
    { text: '- Ages 8-14', match: '- ' },
    { text: '• Based at the airport', match: '• ' },
    { text: '2) second point', match: '2) ' },
    { text: '4.9/5 rating', match: null },
  ],
};

/** Where a list inside one sentence or line splits into items (always). */
export const ITEM_SEPARATOR: Pattern = {
  id: 'item-separator',
  re: /\s*;\s+|\s+[|·]\s+/u,
  examples: [
    { text: 'leaks after storms; roofers who never show', match: '; ' },
    { text: 'fast | friendly', match: ' | ' },
    { text: 'one, two', match: null },
  ],
};

/** A dash that separates a name from what it does ("Acme – boat hire"). */
export const HEADER_DASH: Pattern = {
  id: 'header-dash',
  re: /\s+[–—-]\s+/u,
  examples: [
    { text: 'Acme – boat hire', match: ' – ' },
    { text: 'well-known', match: null },
  ],
};

/** Comma-separated list items (terse notes, lists under a list label). */
export const LIST_COMMA: Pattern = {
  id: 'list-comma',
  re: /,\s+(?![\d])/u,
  examples: [
    { text: 'stuck shipments, no one picks up', match: ', ' },
    { text: '4,8/5', match: null },
  ],
};

/** Words that end in a full stop without ending the sentence. */
export const ABBREVIATIONS: readonly string[] = [
  'approx.',
  'min.',
  'max.',
  'incl.',
  'excl.',
  'e.g.',
  'i.e.',
  'etc.',
  'vs.',
  'dr.',
  'mr.',
  'mrs.',
  'ms.',
  'st.',
  'no.',
  'nr.',
  'ca.',
  'z.b.',
  'bzw.',
  'ggf.',
  'inkl.',
  'usw.',
  'p.ej.',
  'aprox.',
  'máx.',
  'mín.',
  'sr.',
  'sra.',
  'env.',
  'cf.',
  'mme.',
  'm.',
  'av.',
  'str.',
];

/** Where a prose sentence splits into clauses that can each stand as a claim. */
export const CLAUSE_SEPARATOR: Pattern = {
  id: 'clause-separator',
  re: /,\s+(?=(?:but|which|so|because|while|whereas|pero|porque|así que|aber|weil|sodass|denn|mais|car|donc)\s)|\s+[—–]\s+/iu,
  examples: [
    { text: 'an own hospital, so calls stay local', match: ', ' },
    { text: 'priced at $9, which is less', match: ', ' },
    { text: 'Sea — air', match: ' — ' },
    { text: 'red, green and blue', match: null },
  ],
};

/** Where a business is said to be (the place follows the cue). */
export const LOCATION_CUE: Pattern = {
  id: 'location-cue',
  re: /(?:\b(?:covering|serving|across|based (?:in|at)|located in|in|en|à|au|aux|dans|bei|aus)\s+)((?:the\s)?\p{Lu}[\p{L}'’.-]*(?:(?:\s|,\s|\s(?:and|y|und|et|&)\s)\p{Lu}[\p{L}'’.-]*)*(?:\s\([^)]{1,80}\))?)/u,
  examples: [
    { text: 'roof repairs covering Leeds and Wakefield', match: 'covering Leeds and Wakefield' },
    { text: 'empresa familiar en Valencia desde 1994', match: 'en Valencia' },
    { text: 'ein Studio in Augsburg, seit', match: 'in Augsburg' },
    { text: 'in the morning', match: null },
  ],
};

/** Between a business's name and what it sells: a copula or a verb of trade, then an article. */
export const PRODUCT_LEAD: Pattern = {
  id: 'product-lead',
  re: /^\s*(?:(?:is|are|was|ist|sind|es|son|est|sont)\s+)?(?:(?:an?|the|un[ae]?|una|el|la|los|las|le|les|des|ein(?:e[nmrs]?)?|der|die|das)\s+)?/iu,
  examples: [
    { text: 'is an independent practice', match: 'is an ' },
    { text: 'ist ein inhabergeführtes Studio', match: 'ist ein ' },
    { text: 'wedding photography', match: '' },
  ],
};

/** Where a product phrase stops: a preposition or clause that starts the rest of the sentence. */
export const PRODUCT_END: Pattern = {
  id: 'product-end',
  re: /\s(?:for|in|across|from|with|to|at|on|near|since|who|that|which|selling|placing|covering|based|para|en|con|desde|que|für|in|mit|seit|aus|die|der|pour|avec|depuis|qui|dans)\s|[,.;:(]/iu,
  examples: [
    { text: 'rooftop solar systems for homes', match: ' for ' },
    { text: 'Einbauküchen nach Maß, vom Aufmaß', match: ',' },
    { text: 'wedding photography', match: null },
  ],
};

/** A header item that opens with a name (one to three capitalised words, then a bracket). */
export const LEADING_NAME: Pattern = {
  id: 'leading-name',
  re: /^\p{Lu}[\p{L}'’-]+(?:[ /]\p{Lu}[\p{L}'’-]*){0,2}(?:\s\([^)]*\))?/u,
  examples: [
    { text: 'Springfield (4 sites) + online', match: 'Springfield (4 sites)' },
    { text: 'Asheville NC', match: 'Asheville NC' },
    { text: 'family-run since 1990', match: null },
  ],
};

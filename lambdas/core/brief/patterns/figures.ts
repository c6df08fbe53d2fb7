import type { Pattern } from './types.ts';

/**
 * Figures as briefs write them. Each match is kept exactly as written, with its symbols, unit and
 * separators ("4,8/5", "15.000", "94 %", "AUD 249", "48 hours"), so no figure is re-formatted
 * or misread downstream: a rating keeps its scale. Where matches overlap, the longest wins (a
 * rating over its bare number, a range over its ends). Counts, prices and years do not take the
 * noun after them; durations and measurements keep their unit.
 */
const N = String.raw`\d+(?:[.,]\d+)*`;
const CUR = String.raw`(?:AUD|USD|NZD|CAD|MXN|EUR|GBP|CHF|US\$|A\$|C\$|£|\$|€)`;
const UNIT_WORDS = String.raw`(?:hours?|hrs?|minutes?|mins?|seconds?|secs?|days?|nights?|weeks?|wks?|months?|mos?|years?|yrs?|business days|working days|horas?|minutos?|días|semanas?|meses|mes|años?|Stunden|Std\.?|Minuten|Min\.?|Tage[n]?|Wochen|Monate[n]?|Jahre[n]?|heures?|minutes|jours|semaines|mois|ans|km|miles?|kilometres?|kilometers?|metres?|meters?|kg|lbs?)`;
const UNIT_SYMBOLS = '(?:kW|kWh|MW|W|Hz|kHz|GHz|ms|mm|cm|m²|m2|ml|cl|l|g|kg|oz|GB|TB|mAh|V|°C|°F|x|×)';
const MONTHS =
  '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|Januar|Februar|März|Mai|Juni|Juli|Oktober|Dezember|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)';
const RANGE_JOIN = String.raw`(?:\s?[-–]\s?|\s(?:to|a|und|bis|à|et|y)\s)`;

export const FIGURE_PATTERNS: readonly Pattern[] = [
  {
    id: 'rating',
    re: /\b\d(?:[.,]\d{1,2})?\s?\/\s?(?:5|10|100)\b/,
    examples: [
      { text: 'rated 4.7/5 on G2', match: '4.7/5' },
      { text: 'valoración 4,8/5', match: '4,8/5' },
      { text: 'open 24/7', match: null },
    ],
  },
  {
    id: 'rating-stars',
    re: /\b\d(?:[.,]\d)?\s?(?:stars?|estrellas|Sterne[n]?|étoiles)\b/u,
    examples: [
      { text: 'rated 4.8 stars on Google', match: '4.8 stars' },
      { text: '4,7 estrellas en Google', match: '4,7 estrellas' },
    ],
  },
  {
    id: 'money',
    re: new RegExp(
      String.raw`(?:${CUR}\s?${N}(?:\s?[-–]\s?${N})?(?:\+|k\b|m\b)?(?:\/(?:month|mo|year|yr|week|wk|hour|hr|night|mes|Monat|mois))?|${N}(?:\s?(?:[-–]|und|bis|a|à)\s?${N})?\s?(?:€|£|\$|EUR|euros?|Euro|USD|MXN|pesos))`,
      'u',
    ),
    examples: [
      { text: 'a bill over AUD 700 a quarter', match: 'AUD 700' },
      { text: 'only $29.99/month', match: '$29.99/month' },
      { text: 'ab 12.000 € im Jahr', match: '12.000 €' },
      { text: 'zwischen 18.000 und 30.000 € pro Projekt', match: '18.000 und 30.000 €' },
      { text: 'costs £18,900 total', match: '£18,900' },
      { text: 'MXN 1,200 al mes', match: 'MXN 1,200' },
    ],
  },
  {
    id: 'percent',
    re: new RegExp(String.raw`${N}\s?%`),
    examples: [
      { text: '94 % der Eltern', match: '94 %' },
      { text: 'save 10% today', match: '10%' },
    ],
  },
  {
    id: 'always-on',
    re: /\b24\/7\b|\b24\/365\b/,
    examples: [{ text: 'monitoring 24/7 by people', match: '24/7' }],
  },
  {
    id: 'ratio',
    re: /\b\d+\s(?:in|of|de|von|sur)\s\d+\b/,
    examples: [
      { text: '9 in 10 customers', match: '9 in 10' },
      { text: 'only a count 12', match: null },
    ],
  },
  {
    id: 'date',
    re: new RegExp(
      String.raw`\b(?:\d{1,2}\.?\s(?:de\s)?${MONTHS}|${MONTHS}\.?\s\d{1,2}(?:st|nd|rd|th)?)\b`,
      'u',
    ),
    examples: [
      { text: 'preorders ship Nov 12.', match: 'Nov 12' },
      { text: 'hasta el 30 de septiembre', match: '30 de septiembre' },
      { text: 'Aktion bis 31. Oktober', match: '31. Oktober' },
      { text: 'apply by 31 July', match: '31 July' },
    ],
  },
  {
    id: 'range-with-unit',
    re: new RegExp(String.raw`\b${N}${RANGE_JOIN}${N}\s?(?:${UNIT_WORDS}|${UNIT_SYMBOLS})(?![\p{L}])`, 'u'),
    examples: [
      { text: 'done in 4-6 months part-time', match: '4-6 months' },
      { text: 'stays of 7 to 14 nights', match: '7 to 14 nights' },
      { text: '12-15 hours a week', match: '12-15 hours' },
    ],
  },
  {
    id: 'range',
    re: new RegExp(String.raw`\b${N}${RANGE_JOIN}${N}(?![\d\p{L}])`, 'u'),
    examples: [
      { text: 'homeowners aged 45-70 in', match: '45-70' },
      { text: 'jóvenes de 17 a 24 años', match: '17 a 24' },
      { text: 'Paare zwischen 35 und 60', match: '35 und 60' },
      { text: 'from 30 à 50 ans', match: '30 à 50' },
    ],
  },
  {
    id: 'quantity-with-unit',
    re: new RegExp(
      String.raw`\b${N}\+?(?:[-\s]?(?:${UNIT_WORDS})(?:-old)?(?![\p{L}])|\s?${UNIT_SYMBOLS}(?![\p{L}\d]))`,
      'u',
    ),
    examples: [
      { text: 'booked within 48 hours', match: '48 hours' },
      { text: 'a 120-night trial', match: '120-night' },
      { text: 'a 3-year-old brand', match: '3-year-old' },
      { text: 'the 6.6kW system', match: '6.6kW' },
      { text: '30+ yrs in trade', match: '30+ yrs' },
      { text: '8,000Hz polling', match: '8,000Hz' },
      { text: 'más de 10 años de experiencia', match: '10 años' },
      { text: '4 × 90 Minuten', match: '90 Minuten' },
    ],
  },
  {
    id: 'times',
    re: /\b\d+\s?[×x]\s?\d+\s?(?:Minuten|minutes|min|minutos)\b/u,
    examples: [{ text: 'für 4 × 90 Minuten', match: '4 × 90 Minuten' }],
  },
  {
    id: 'name-with-digits',
    re: /\b(?:[A-Z]{1,4}\s?\d+[A-Z]?|\d+D)\b/,
    examples: [
      { text: 'SOC 2 Type II certified', match: 'SOC 2' },
      { text: 'the K3 is our first', match: 'K3' },
      { text: 'plan it in 3D first', match: '3D' },
      { text: 'plain 300 here', match: null },
    ],
  },
  {
    id: 'plus',
    re: new RegExp(String.raw`\b${N}\+`),
    examples: [
      { text: 'from 600+ reviews', match: '600+' },
      { text: 'over 2,500+ a year', match: '2,500+' },
    ],
  },
  {
    id: 'top',
    re: /\b(?:top|Top)\s\d+\b/,
    examples: [{ text: 'ranked top 20 in the UK', match: 'top 20' }],
  },
  {
    id: 'number',
    re: new RegExp(String.raw`\b${N}`),
    examples: [
      { text: 'since 1987', match: '1987' },
      { text: 'más de 15.000 mudanzas', match: '15.000' },
      { text: 'no digits', match: null },
    ],
  },
];
